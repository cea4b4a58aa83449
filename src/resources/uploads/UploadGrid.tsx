import { useRef, type MouseEvent } from 'react';
import { Box } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { UploadRecord } from './uploadRecord';
import { UploadCardView } from './UploadCardView';
import { ListMessage } from '../../components/ResponsiveDatagrid';

/** The cards of the current page. A checkbox selects a card; shift-click selects the range from the last card clicked. */
export const UploadGrid = ({ platform, selectable, onOpen }: { platform: boolean; selectable: boolean; onOpen: (id: string) => void }) => {
  const translate = useTranslate();
  const { data, isPending, resource, selectedIds, onSelect, onToggleItem } = useListContext<UploadRecord>();
  const lastClicked = useRef<number | null>(null);
  if (isPending || !data?.length) return <ListMessage text={translate(`resources.${resource}.${isPending ? 'loading' : 'empty'}`)} />;
  const select = (index: number, event: MouseEvent) => {
    const id = data[index]!.id;
    if (event.shiftKey && lastClicked.current !== null) {
      const [from, to] = [Math.min(lastClicked.current, index), Math.max(lastClicked.current, index)];
      const range = data.slice(from, to + 1).map((upload) => upload.id);
      onSelect([...new Set([...selectedIds, ...range])]);
    } else {
      onToggleItem(id);
    }
    lastClicked.current = index;
  };
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      {data.map((upload, index) => (
        <li key={upload.id}>
          <UploadCardView
            upload={upload}
            resource={resource}
            platform={platform}
            selectable={selectable}
            selected={selectedIds.includes(upload.id)}
            onSelect={(event) => select(index, event)}
            onOpen={() => onOpen(upload.id)}
          />
        </li>
      ))}
    </Box>
  );
};
