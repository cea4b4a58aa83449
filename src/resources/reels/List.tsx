import { DateField, FunctionField, ListBase, Pagination, TextField, Title, useTranslate, type RaRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { ReelByRuleButton } from './ReelByRuleButton';
import { RENDERING_STATUSES } from './ReelStatus';
import { ReelStatusCell, ReelThumbnail } from './ReelListCells';

/** How often the list reads its reels again while one of them waits for or runs its render. */
const FOLLOW_RENDER_MS = 4000;

const rendering = (data: unknown) => ((data as { data?: RaRecord[] } | undefined)?.data ?? []).some((reel) => RENDERING_STATUSES.includes(reel.status));

/** The account's reels, newest first: picture, name, status with progress, creation; a row opens the reel's page. */
const ReelList = () => {
  const translate = useTranslate();
  return (
    <ListBase
      resource="reels"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      queryOptions={{ refetchInterval: (query) => (rendering(query.state.data) ? FOLLOW_RENDER_MS : false) }}
    >
      <Title title={translate('resources.reels.name', { smart_count: 2 })} />
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
        <ReelByRuleButton />
      </Stack>
      <ResponsiveDatagrid
        phone={{
          primaryText: (record: RaRecord) => String(record.name ?? ''),
          secondaryText: (record: RaRecord) =>
            translate(`resources.reels.choices.status.${record.status}`) + (record.status === 'rendering' ? ` ${record.progress ?? 0}%` : ''),
        }}
      >
        <FunctionField label="resources.reels.fields.thumbnail" render={() => <ReelThumbnail />} sortable={false} />
        <TextField source="name" label="resources.reels.fields.name" />
        <FunctionField source="status" label="resources.reels.fields.status" sortable={false} render={() => <ReelStatusCell />} />
        <DateField source="createdAt" label="resources.reels.fields.createdAt" showTime />
      </ResponsiveDatagrid>
      <Pagination />
    </ListBase>
  );
};

export default ReelList;
