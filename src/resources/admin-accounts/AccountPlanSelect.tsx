import { useMutation } from '@tanstack/react-query';
import { MenuItem, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PLANS, type Plan } from '#shared/domain/plans';
import type { AppDataProvider } from '../../dataProvider';
import type { AdminAccountRecord } from './adminAccountRecord';

/** The plan, changed at once: the account's limits become the new plan's. */
export const AccountPlanSelect = ({ account, onChanged }: { account: AdminAccountRecord; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);
  // A failure is shown by the error dialog (the data provider asks for it).
  const { mutate, isPending } = useMutation({
    mutationFn: (plan: Plan) => dataProvider.changeAccountPlan(account.id, plan),
    onSuccess: (_, plan) => {
      notify('resources.admin/accounts.planChanged', { type: 'success', messageArgs: { name: account.name, plan: t(`plan.${plan}`) } });
      onChanged();
    },
  });

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
