import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { PLANS, type Plan } from '../../domain/plans';
import { request } from '../../http';
import type { AdminAccountRecord } from './adminAccountRecord';

/** The plan, changed at once: the account's limits become the new plan's. */
export const AccountPlanSelect = ({ account, onChanged }: { account: AdminAccountRecord; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const t = (key: string) => translate(`resources.admin/accounts.${key}`);

  const change = async (plan: Plan) => {
    setBusy(true);
    try {
      await request(`/api/accounts/${encodeURIComponent(account.id)}/plan`, { method: 'PUT', body: { subscriptionPlan: plan }, errorDialog: true });
      notify('resources.admin/accounts.planChanged', { type: 'success', messageArgs: { name: account.name, plan: t(`plan.${plan}`) } });
      onChanged();
    } catch {
      // The error dialog has told the user.
    } finally {
      setBusy(false);
    }
  };

  return (
    <TextField
      select
      size="small"
      label={t('fields.subscriptionPlan')}
      value={account.subscriptionPlan}
      disabled={busy}
      onChange={(e) => void change(e.target.value as Plan)}
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
