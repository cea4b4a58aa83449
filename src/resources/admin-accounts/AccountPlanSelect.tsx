import { MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { PLANS, type Plan } from '#shared/domain/plans';
import type { AdminAccount } from '../records';

/** The plan, changed at once: the account's limits become the new plan's. */
export const AccountPlanSelect = ({ account, onChanged }: { account: Pick<AdminAccount, 'id' | 'name' | 'subscriptionPlan'>; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);
  // A failure is shown by the error dialog.
  const mutate = (plan: Plan) =>
    update(
      'account-plans',
      { id: account.id, data: { subscriptionPlan: plan }, meta: { errorDialog: true } },
      {
        onSuccess: () => {
          notify('resources.admin/accounts.planChanged', { type: 'success', messageArgs: { name: account.name, plan: t(`plan.${plan}`) } });
          onChanged();
        },
      },
    );

  return (
    <TextField
      select
      size="small"
      label={t('fields.subscriptionPlan')}
      value={account.subscriptionPlan}
      disabled={isPending}
      onChange={(e) => mutate(e.target.value as Plan)}
      sx={{ minWidth: 180 }}
    >
      {PLANS.map((plan) => (
        <MenuItem key={plan} value={plan}>
          {t(`plan.${plan}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};
