import { Fragment } from 'react';
import { Box, Stack } from '@mui/material';
import { Datagrid, DateField, List, SimpleList, TextField } from 'react-admin';
import { PageAddressField } from './PageAddressField';
import { useFormat } from '../../i18n/format';
import { TABLE_PAGE_SIZE } from '#shared/domain/constants';
import { useIsPhone } from '../../components/useIsPhone';
import { ListItemEnd } from '../../components/ResponsiveDatagrid';
import { PageStatusField } from './PageStatusField';
import { NewPageButton } from './NewPageDialog';
import type { Page } from '../records';

/** /pages: the account's pages, paged and sorted by the server, 50 a page; a row opens the page. */
const PageList = () => {
  const isPhone = useIsPhone();
  const { tag } = useFormat();
  return (
    <>
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
        <NewPageButton />
      </Stack>
      <List perPage={TABLE_PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false} empty={false} actions={false}>
        {isPhone ? (
          <SimpleList<Page>
            primaryText={(page) => page.name}
            // A long address breaks after a slash (or, failing that, anywhere) instead of running past the card.
            secondaryText={(page) => (
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {page.address.split('/').map((part, index) => (
                  <Fragment key={index}>
                    {index > 0 && (
                      <>
                        /<wbr />
                      </>
                    )}
                    {part}
                  </Fragment>
                ))}
              </Box>
            )}
            tertiaryText={
              <ListItemEnd>
                <PageStatusField source="status" />
              </ListItemEnd>
            }
            rowClick="edit"
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick="edit">
            <TextField source="name" />
            <PageAddressField source="address" sortable={false} />
            <PageStatusField source="status" />
            <DateField source="createdAt" locales={tag} />
          </Datagrid>
        )}
      </List>
    </>
  );
};

export default PageList;
