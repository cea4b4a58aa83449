import type { ReactElement, ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Datagrid, SimpleList, useListContext, useResourceContext, useTranslate, type RaRecord, type SimpleListProps } from 'react-admin';
import { useIsPhone } from './useIsPhone';

/** A list's loading or empty line, said to screen readers as a status. */
export const ListMessage = ({ text }: { text: string }) => (
  <Typography role="status" color="text.secondary" sx={{ p: 3 }}>
    {text}
  </Typography>
);

export type PhoneListProps = Pick<SimpleListProps<RaRecord>, 'primaryText' | 'secondaryText'> & { tertiaryText?: ReactElement };

/** SimpleList shows an element as tertiary text where it stands; this puts it on the right like its text. */
export const ListItemEnd = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ float: 'right', ml: 1 }}>
    {children}
  </Box>
);

/**
 * A list's rows: 'loading...' until the first answer, then a table whose rows open the record
 * (its form, or `rowClick` says otherwise), or on phones a SimpleList of the same records
 * (`phone` says what it shows). Messages are the resource's `loading` and `empty` translations,
 * or react-admin's own where it has none. `label` names the table (a list inside a card).
 */
export const ResponsiveDatagrid = ({
  phone,
  rowClick = 'edit',
  label,
  children,
}: {
  phone: PhoneListProps;
  rowClick?: 'edit' | 'show' | false;
  label?: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { isPending } = useListContext();
  const isPhone = useIsPhone();
  if (isPending) return <ListMessage text={translate(`resources.${resource}.loading`, { _: translate('ra.page.loading') })} />;
  const empty = <ListMessage text={translate(`resources.${resource}.empty`, { _: translate('ra.navigation.no_results') })} />;
  if (isPhone) {
    const { tertiaryText, ...texts } = phone;
    return (
      <SimpleList {...texts} tertiaryText={tertiaryText && <ListItemEnd>{tertiaryText}</ListItemEnd>} rowClick={rowClick} empty={empty} aria-label={label} />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={rowClick} empty={empty} aria-label={label}>
      {children}
    </Datagrid>
  );
};
