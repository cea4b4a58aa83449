import { Typography } from '@mui/material';
import { DateField, List, NumberField, TextField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { RecordActionButton } from '../../components/RecordActionButton';
import type { FailedJobRecord } from '#shared/domain/schemas/adminJobs';
import { JobCounts } from './JobCounts';
import { useFormat } from '../../i18n/format';

const RetryButton = () => {
  const record = useRecordContext<FailedJobRecord & RaRecord>();
  if (!record) return null;
  return (
    <RecordActionButton
      resource="admin/jobs"
      record={record}
      action="retry"
      label="resources.admin/jobs.retry.button"
      confirmContent="resources.admin/jobs.retry.confirm"
      successMessage="resources.admin/jobs.retry.done"
      messageArgs={{ kind: record.kind }}
    />
  );
};

/** The job's last error; `label` names the column. */
const ErrorText = (_props: { label?: string }) => {
  const record = useRecordContext<FailedJobRecord & RaRecord>();
  return (
    <Typography variant="body2" sx={{ wordBreak: 'break-word', maxWidth: 520 }}>
      {record?.error}
    </Typography>
  );
};

/** /admin/jobs: the queue's counts by state, then the failed jobs with their error and a retry. */
export const AdminJobList = () => {
  const translate = useTranslate();
  const { tag } = useFormat();
  return (
    <>
      <JobCounts />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('resources.admin/jobs.failedTitle')}
      </Typography>
      <List
        pagination={false}
        perPage={100}
        exporter={false}
        actions={false}
        title={translate('resources.admin/jobs.title')}
        empty={<Typography sx={{ p: 2 }}>{translate('resources.admin/jobs.empty')}</Typography>}
      >
        <ResponsiveDatagrid
          phone={{
            primaryText: (job) => (job as FailedJobRecord).kind,
            secondaryText: <ErrorText />,
            tertiaryText: <RetryButton />,
          }}
        >
          <TextField source="kind" sortable={false} />
          <ErrorText label="resources.admin/jobs.fields.error" />
          <NumberField source="attempts" sortable={false} locales={tag} />
          <DateField source="failedAt" showTime sortable={false} locales={tag} />
          <RetryButton />
        </ResponsiveDatagrid>
      </List>
    </>
  );
};
