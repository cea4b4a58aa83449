import { Card, CardContent, CardHeader } from '@mui/material';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Confirm, FunctionField, ListBase, TextField, useDataProvider, useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { MAX_PAGE_SIZE } from '#shared/domain/constants';
import { invites } from '#shared/resources/invites';
import { useFormat } from '../../i18n/format';
import type { AppDataProvider } from '../../dataProvider';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { RowActions } from './RowActions';

/** Resend and Cancel of the row's invitation (cancel is confirmed). */
const InviteActions = ({ onCancel, onResend }: { onCancel: (email: string) => void; onResend: (email: string) => void }) => {
  const invite = useRecordContext();
  if (!invite) return null;
  const email = String(invite.email);
  return (
    <RowActions label="app.accountUsers.resend" onClick={() => onResend(email)} removeLabel="app.accountUsers.cancelInvite" onRemove={() => onCancel(email)} />
  );
};

/**
 * The account's pending invitations: the declared invites resource's list (newest first), with
 * Resend and Cancel for those who may manage users. Stacked lines on phones.
 */
export const PendingInvites = ({ accountId, canManage, onChange }: { accountId: string; canManage: boolean; onChange: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [canceling, setCanceling] = useState<string>();
  // A failed resend or cancel shows the Error dialog (the data provider's).
  const { mutate: act } = useMutation({
    mutationFn: ({ action, email }: { action: 'resend' | 'cancel'; email: string }) =>
      dataProvider.action(invites.name, { action, data: { email }, meta: { accountId, errorDialog: true } }),
    onSuccess: (_, { action, email }) => {
      notify(action === 'resend' ? 'app.accountUsers.notify.resent' : 'app.accountUsers.notify.canceled', { type: 'success', messageArgs: { email } });
      onChange();
    },
  });
  const resend = (email: string) => act({ action: 'resend', email });
  const role = (record: RaRecord) => translate(`app.accountUsers.roles.${record.role}`);
  const expires = (record: RaRecord) => format.date(String(record.expiresAt));
  const actions = canManage ? <InviteActions onResend={resend} onCancel={setCanceling} /> : undefined;
  return (
    <Card sx={{ mt: 3 }}>
      <CardHeader title={translate('app.accountUsers.pending')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent sx={{ pt: 0 }}>
        {/* Every pending invitation on one page: the plan's users cap keeps them few. */}
        <ListBase
          resource={invites.name}
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={MAX_PAGE_SIZE}
          disableSyncWithLocation
          queryOptions={{ meta: { accountId } }}
        >
          <ResponsiveDatagrid
            label={translate('app.accountUsers.pending')}
            rowClick={false}
            phone={{
              primaryText: (record: RaRecord) => String(record.email),
              secondaryText: (record: RaRecord) => `${role(record)} · ${translate('app.accountUsers.expires')} ${expires(record)}`,
              tertiaryText: actions,
            }}
          >
            <TextField source="email" label="app.accountUsers.email" sortable={false} />
            <FunctionField source="role" label="app.accountUsers.role" sortable={false} render={role} />
            <FunctionField source="expiresAt" label="app.accountUsers.expires" sortable={false} render={expires} />
            {canManage && <FunctionField label="app.accountUsers.actions" textAlign="right" render={() => actions} />}
          </ResponsiveDatagrid>
        </ListBase>
      </CardContent>
      <Confirm
        isOpen={!!canceling}
        title={translate('app.accountUsers.cancelTitle', { email: canceling })}
        content=""
        onConfirm={() => {
          const email = canceling!;
          setCanceling(undefined);
          act({ action: 'cancel', email });
        }}
        onClose={() => setCanceling(undefined)}
      />
    </Card>
  );
};
