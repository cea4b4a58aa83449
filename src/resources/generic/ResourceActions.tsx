import { Stack } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { AnyResource } from '#shared/resources/define';
import { RecordActionButton } from '../../components/RecordActionButton';

/** The button of one declared record action, shown only to roles the action's rule lets take it. */
const ActionIfAllowed = ({ resource, action }: { resource: AnyResource; action: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: resource.name, action });
  if (!record || !canAccess) return null;
  return (
    <RecordActionButton
      resource={resource.name}
      record={record}
      action={action}
      label={`resources.${resource.name}.actions.${action}`}
      confirmContent="ra.message.are_you_sure"
      successMessage={`resources.${resource.name}.notifications.updated`}
      messageArgs={{ smart_count: 1, _: translate('ra.notification.updated', { smart_count: 1 }) }}
    />
  );
};

/** A record's declared actions (publish, archive...) above its form: one button each, asked first. */
export const ResourceActions = ({ resource }: { resource: AnyResource }) => {
  const actions = Object.keys(resource.recordActions ?? {});
  if (!actions.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <ActionIfAllowed key={action} resource={resource} action={action} />
      ))}
    </Stack>
  );
};
