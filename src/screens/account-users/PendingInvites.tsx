import { Button, Card, CardContent, CardHeader, List, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import type { AppDataProvider } from '../../dataProvider';
import { useIsPhone } from '../../components/useIsPhone';
import { PhoneListRow } from './PhoneListRow';
import type { PendingInvite } from '../../records';

export type { PendingInvite } from '../../records';

/** Pending invitations with Resend and Cancel (cancel is confirmed). */
export const PendingInvites = ({
  accountId,
  invites,
  canManage,
  onChange,
}: {
  accountId: string;
  invites: PendingInvite[];
  canManage: boolean;
  onChange: () => void;
}) => {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [canceling, setCanceling] = useState<string>();
  const isPhone = useIsPhone();
  const act = async (action: 'resend' | 'cancel', email: string) => {
    await dataProvider.accountInviteAction(accountId, action, email);
    notify(action === 'resend' ? 'app.accountUsers.notify.resent' : 'app.accountUsers.notify.canceled', { type: 'success', messageArgs: { email } });
    onChange();
  };
  const actions = (invite: PendingInvite) => (
    <>
      <Button size="small" onClick={() => act('resend', invite.email).catch(() => undefined)}>
        {translate('app.accountUsers.resend')}
      </Button>
      <Button size="small" color="error" onClick={() => setCanceling(invite.email)}>
        {translate('app.accountUsers.cancelInvite')}
      </Button>
    </>
  );
  const expires = (invite: PendingInvite) => format.date(invite.expiresAt);
  return (
    <Card sx={{ mt: 3 }}>
      <CardHeader title={translate('app.accountUsers.pending')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent sx={{ pt: 0 }}>
        {invites.length === 0 ? (
          <Typography color="text.secondary">{translate('app.accountUsers.noPending')}</Typography>
        ) : isPhone ? (
          <List aria-label={translate('app.accountUsers.pending')} disablePadding>
            {invites.map((invite) => (
              <PhoneListRow
                key={invite.id}
                primary={invite.email}
                secondary={`${translate(`app.accountUsers.roles.${invite.role}`)} · ${translate('app.accountUsers.expires')} ${expires(invite)}`}
                actions={canManage && actions(invite)}
              />
            ))}
          </List>
        ) : (
          <Table size="small" aria-label={translate('app.accountUsers.pending')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.accountUsers.email')}</TableCell>
                <TableCell>{translate('app.accountUsers.role')}</TableCell>
                <TableCell>{translate('app.accountUsers.expires')}</TableCell>
                {canManage && <TableCell align="right">{translate('app.accountUsers.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {invites.map((invite) => (
                <TableRow key={invite.id}>
                  <TableCell>{invite.email}</TableCell>
                  <TableCell>{translate(`app.accountUsers.roles.${invite.role}`)}</TableCell>
                  <TableCell>{expires(invite)}</TableCell>
                  {canManage && (
                    <TableCell align="right">
                      {actions(invite)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <Confirm
        isOpen={!!canceling}
        title={translate('app.accountUsers.cancelTitle', { email: canceling })}
        content=""
        onConfirm={() => {
          const email = canceling!;
          setCanceling(undefined);
          act('cancel', email).catch(() => undefined);
        }}
        onClose={() => setCanceling(undefined)}
      />
    </Card>
  );
};
