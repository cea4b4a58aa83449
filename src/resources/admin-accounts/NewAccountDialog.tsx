import { useRef } from 'react';
import { MenuItem, Typography } from '@mui/material';
import { useNotify, useRedirect, useTranslate } from 'react-admin';
import { PLANS } from '../../domain/plans';
import { newAccountSchema, type NewAccountForm } from '../../domain/schemas/adminAccounts';
import { request } from '../../http';
import { FormDialog } from '../../forms/FormDialog';
import { FormTextField } from '../../forms/FormTextField';
import { AdminAccountList } from './AdminAccountList';
import type { AdminAccountRecord } from './adminAccountRecord';

const EMPTY: NewAccountForm = { name: '', slug: '', subscriptionPlan: 'free', ownerEmail: '' };

/** New Account: name (at most 25), slug (letters and numbers, at most 50), plan, and an optional owner to invite. */
export const NewAccountDialog = ({ onCreated, onClose }: { onCreated: (id: string) => void; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);
  return (
    <FormDialog<NewAccountForm>
      open
      onClose={onClose}
      title={t('newAccount.title')}
      schema={newAccountSchema}
      defaultValues={EMPTY}
      submitLabel="resources.admin/accounts.newAccount.submit"
      onSubmit={async (values) => {
        const account = await request<AdminAccountRecord>('/api/accounts', { method: 'POST', body: values });
        notify('resources.admin/accounts.newAccount.created', { type: 'success', messageArgs: { name: account.name } });
        onCreated(account.id);
      }}
    >
      <FormTextField name="name" label={t('fields.name')} required autoFocus slotProps={{ htmlInput: { maxLength: 25 } }} />
      <FormTextField name="slug" label={t('fields.slug')} helperText={t('newAccount.slugHint')} required />
      <FormTextField name="subscriptionPlan" select label={t('fields.subscriptionPlan')}>
        {PLANS.map((plan) => (
          <MenuItem key={plan} value={plan}>
            {t(`plan.${plan}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField name="ownerEmail" type="email" label={t('newAccount.ownerEmail')} helperText={t('newAccount.ownerHint')} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('newAccount.hint')}
      </Typography>
    </FormDialog>
  );
};

/**
 * /admin/accounts/create: the list with the New Account dialog over it. Creating opens the new
 * account (to invite its users or set its look); cancelling returns to the list.
 */
export const AdminAccountCreate = () => {
  const redirect = useRedirect();
  const created = useRef<string>(undefined);
  return (
    <>
      <AdminAccountList />
      <NewAccountDialog
        onCreated={(id) => (created.current = id)}
        onClose={() => redirect(created.current ? `/admin/accounts/${encodeURIComponent(created.current)}` : '/admin/accounts')}
      />
    </>
  );
};
