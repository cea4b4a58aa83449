import { useState } from 'react';
import { SelectInput, TextInput, useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { inviteUserSchema, accountUserRoleSchema } from '#shared/domain/schemas/accountUsers';
import { ASSIGNABLE_ROLES, ACCOUNT_ROLES, type AccountRole } from '#shared/domain/roles';
import type { UpsellId } from '#shared/domain/constants';
import { ApiError } from '../../apiError';
import { FormDialog } from '../../forms/FormDialog';
import { Upsell } from '../../components/Upsell';
import type { AccountMember } from '../../resources/records';

const RoleSelect = ({ roles }: { roles: readonly AccountRole[] }) => (
  <SelectInput source="role" label="app.accountUsers.role" choices={roles.map((role) => ({ id: role, name: `app.accountUsers.roles.${role}` }))} isRequired />
);

export type Member = AccountMember;
/** The account's members: inviting creates one, a role change updates one. */
export const MEMBERS = 'account-users';

/** Invite dialog; with a member it edits that member's role and shows the email read-only. */
export const InviteUserDialog = ({
  accountId,
  member,
  open,
  onClose,
  onDone,
}: {
  accountId: string;
  member?: Member;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate<Member>();
  const [upsell, setUpsell] = useState<UpsellId>();
  // With a member, their role changes; without, an invitation goes out. A plan limit shows its upgrade prompt.
  const send = async ({ email, role }: { email: string; role: AccountRole }) => {
    const meta = { accountId };
    try {
      if (member) await update(MEMBERS, { id: member.id, data: { role }, previousData: member, meta }, { returnPromise: true });
      else await create(MEMBERS, { data: { email, role }, meta }, { returnPromise: true });
    } catch (e) {
      if (e instanceof ApiError && e.upsell) setUpsell(e.upsell as UpsellId);
      throw e;
    }
    if (member) notify('app.accountUsers.notify.updated', { type: 'success' });
    else notify('app.accountUsers.notify.invited', { type: 'success', messageArgs: { email } });
    onDone();
  };
  const close = () => {
    setUpsell(undefined);
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={translate(member ? 'app.accountUsers.editTitle' : 'app.accountUsers.inviteTitle')}
      schema={member ? accountUserRoleSchema.extend({ email: inviteUserSchema.shape.email }) : inviteUserSchema}
      defaultValues={{ email: member?.email ?? '', role: member?.role ?? 'user' }}
      submitLabel={member ? 'app.accountUsers.save' : 'app.accountUsers.send'}
      notice={upsell && <Upsell id={upsell} />}
      onSubmit={send}
    >
      <TextInput source="email" type="email" label="app.accountUsers.email" isRequired disabled={!!member} />
      <RoleSelect roles={member ? ACCOUNT_ROLES : ASSIGNABLE_ROLES} />
    </FormDialog>
  );
};
