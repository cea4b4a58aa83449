import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, Stack } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Confirm, useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { invites } from '#shared/resources/invites';
import { InviteUserDialog, MEMBERS, type Member } from './InviteUserDialog';
import { PendingInvites } from './PendingInvites';
import { AccountMembers } from './AccountMembers';

/**
 * The users of an account with their role, invitations and, for those who may manage users,
 * invite, role change and removal. Reused by the platform admin's account details.
 */
export const AccountUsersPanel = ({ accountId, canManage, selfId }: { accountId: string; canManage: boolean; selfId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // Every member on one page (the plan's users cap keeps them few), by name; a failure shows the Error dialog.
  const meta = { accountId, errorDialog: true };
  const { data: members = [] } = useGetList<Member>(MEMBERS, { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, meta });
  const [dialog, setDialog] = useState<{ member?: Member } | undefined>();
  const [removing, setRemoving] = useState<Member>();

  // The members, and the pending invitations (react-admin's queries start with the resource name).
  const load = () => {
    void queryClient.invalidateQueries({ queryKey: [MEMBERS] });
    void queryClient.invalidateQueries({ queryKey: [invites.name] });
  };

  // A failed removal shows the Error dialog.
  const [deleteMember] = useDelete<Member>();
  const remove = (member: Member) =>
    deleteMember(
      MEMBERS,
      { id: member.id, previousData: member, meta },
      {
        onSuccess: () => {
          notify('app.accountUsers.notify.removed', { type: 'success' });
          load();
        },
      },
    );

  return (
    <>
      {canManage && (
        <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({})}>
            {translate('app.accountUsers.invite')}
          </Button>
        </Stack>
      )}
      <Card>
        <CardContent>
          <AccountMembers members={members} selfId={selfId} canManage={canManage} onEdit={(member) => setDialog({ member })} onRemove={setRemoving} />
        </CardContent>
      </Card>
      <PendingInvites accountId={accountId} canManage={canManage} onChange={load} />
      <InviteUserDialog accountId={accountId} member={dialog?.member} open={!!dialog} onClose={() => setDialog(undefined)} onDone={load} />
      <Confirm
        isOpen={!!removing}
        title={translate('app.accountUsers.removeTitle', { name: removing ? `${removing.firstName} ${removing.lastName}` : '' })}
        content={translate('app.accountUsers.removeText')}
        onConfirm={() => {
          const member = removing!;
          setRemoving(undefined);
          remove(member);
        }}
        onClose={() => setRemoving(undefined)}
      />
    </>
  );
};
