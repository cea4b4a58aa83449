import { useRef } from 'react';
import { Typography } from '@mui/material';
import { SelectInput, TextInput, useRedirect, useTranslate } from 'react-admin';
import { PLANS } from '#shared/domain/plans';
import { LIMITS } from '#shared/domain/constants';
import { newAccountSchema, type NewAccountForm } from '#shared/domain/schemas/adminAccounts';
import { CreateRecordDialog } from '../../forms/CreateRecordDialog';
import AdminAccountList from './List';
import { ADMIN_ACCOUNTS } from '../registry';
import type { AdminAccount } from '../records';

const KEYS = 'resources.admin/accounts';
const PLAN_CHOICES = PLANS.map((plan) => ({ id: plan, name: `${KEYS}.plan.${plan}` }));
const EMPTY: NewAccountForm = { name: '', slug: '', subscriptionPlan: 'free', ownerEmail: '' };

/** New Account: name (at most 25), slug (letters and numbers, at most 50), plan, and an optional owner to invite. */
export const NewAccountDialog = ({ onCreated, onClose }: { onCreated: (id: string) => void; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <CreateRecordDialog<NewAccountForm, AdminAccount>
      resource={ADMIN_ACCOUNTS}
      keys={`${KEYS}.newAccount`}
      schema={newAccountSchema}
      defaultValues={EMPTY}
      onClose={onClose}
      onCreated={(account) => onCreated(account.id)}
    >
      <TextInput source="name" label={`${KEYS}.fields.name`} isRequired autoFocus slotProps={{ htmlInput: { maxLength: LIMITS.accountName } }} />
      <TextInput source="slug" label={`${KEYS}.fields.slug`} helperText={`${KEYS}.newAccount.slugHint`} isRequired />
      <SelectInput source="subscriptionPlan" label={`${KEYS}.fields.subscriptionPlan`} choices={PLAN_CHOICES} isRequired />
      <TextInput source="ownerEmail" type="email" label={`${KEYS}.newAccount.ownerEmail`} helperText={`${KEYS}.newAccount.ownerHint`} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(`${KEYS}.newAccount.hint`)}
      </Typography>
    </CreateRecordDialog>
  );
};

/**
 * /admin/accounts/create: the list with the New Account dialog over it. Creating opens the new
 * account (to invite its users or set its look); cancelling returns to the list.
 */
export default function AdminAccountCreate() {
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
}
