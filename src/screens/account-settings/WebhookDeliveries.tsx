import { ListBase, useTranslate, type RaRecord } from 'react-admin';
import { WEBHOOK_LOG_SIZE } from '#shared/domain/schemas/webhooks';
import { webhookDeliveries } from '#shared/resources/webhook-deliveries';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { fieldColumn } from '../../resources/generic/FieldColumn';
import { listFieldsOf, rowClickOf } from '../../resources/generic/ResourceList';

/** Often enough to see a test event delivered while looking at the card. */
const REFRESH_MS = 5000;

/**
 * The delivery log: the declared webhook-deliveries resource's list (newest first), its columns
 * from the declaration; a row opens the delivery (its body and error). Stacked lines on phones.
 */
export const WebhookDeliveries = () => {
  const translate = useTranslate();
  const status = (record: RaRecord) => translate(`resources.webhook-deliveries.choices.status.${record.status}`);
  return (
    <ListBase
      resource={webhookDeliveries.name}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={WEBHOOK_LOG_SIZE}
      disableSyncWithLocation
      queryOptions={{ refetchInterval: REFRESH_MS }}
    >
      <ResponsiveDatagrid
        label={translate('app.webhooks.log')}
        rowClick={rowClickOf(webhookDeliveries)}
        phone={{
          primaryText: (record: RaRecord) => String(record.event),
          secondaryText: (record: RaRecord) => `${status(record)} · ${record.statusCode ?? '—'} · ${new Date(String(record.updatedAt)).toLocaleString()}`,
        }}
      >
        {listFieldsOf(webhookDeliveries).map((source) => fieldColumn(webhookDeliveries, source))}
      </ResponsiveDatagrid>
    </ListBase>
  );
};
