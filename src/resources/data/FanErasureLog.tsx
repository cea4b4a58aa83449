import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import type { FanErasureLog as Log } from '#shared/domain/schemas/fanData';

/** 'Erasures': when each fan erasure happened and who made it; never whose data it was. */
export const FanErasureLog = ({ accountId }: { accountId: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  // The account's log: one record per account, under the account's id.
  const { data } = useGetOne<Log & { id: string }>('fan-erasures', { id: accountId });
  if (!data) return null;
  return (
    <section aria-labelledby="fan-erasures-title">
      <Typography id="fan-erasures-title" variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {translate('resources.data.erase.log.title')}
      </Typography>
      {data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.data.erase.log.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {data.data.map((entry) => (
            <ListItem key={entry.id} disableGutters>
              <ListItemText
                primary={format.dateTime(entry.erasedAt)}
                secondary={translate('resources.data.erase.log.by', { name: entry.requestedBy ?? translate('resources.data.erase.log.removedUser') })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {data.total > data.data.length && (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.data.erase.log.more', { shown: data.data.length, total: data.total })}
        </Typography>
      )}
    </section>
  );
};
