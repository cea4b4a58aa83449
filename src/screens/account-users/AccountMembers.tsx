import { Chip, List, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { useIsPhone } from '../../components/useIsPhone';
import type { Member } from './InviteUserDialog';
import { PhoneListRow } from './PhoneListRow';
import { RowActions } from './RowActions';

interface Props {
  members: Member[];
  selfId: string;
  canManage: boolean;
  onEdit: (member: Member) => void;
  onRemove: (member: Member) => void;
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`.trim();

const MemberActions = ({ member, onEdit, onRemove }: { member: Member } & Pick<Props, 'onEdit' | 'onRemove'>) => (
  <RowActions label="app.accountUsers.edit" onClick={() => onEdit(member)} removeLabel="app.accountUsers.remove" onRemove={() => onRemove(member)} />
);

/** The account's users: a table on wider screens, a list of name, email and role on phones. */
export const AccountMembers = ({ members, selfId, canManage, onEdit, onRemove }: Props) => {
  const translate = useTranslate();
  const format = useFormat();
  const isPhone = useIsPhone();
  const you = <Chip size="small" label={translate('app.accountUsers.you')} sx={{ ml: 1 }} />;
  if (isPhone) {
    return (
      <List aria-label={translate('app.accountUsers.title')} disablePadding>
        {members.map((member) => (
          <PhoneListRow
            key={member.id}
            primary={
              <>
                {fullName(member)}
                {member.id === selfId && you}
              </>
            }
            secondary={`${member.email} · ${translate(`app.accountUsers.roles.${member.role}`)}`}
            actions={canManage && member.id !== selfId && <MemberActions member={member} onEdit={onEdit} onRemove={onRemove} />}
          />
        ))}
      </List>
    );
  }
  return (
    <Table aria-label={translate('app.accountUsers.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.accountUsers.name')}</TableCell>
          <TableCell>{translate('app.accountUsers.email')}</TableCell>
          <TableCell>{translate('app.accountUsers.role')}</TableCell>
          <TableCell>{translate('app.accountUsers.joined')}</TableCell>
          {canManage && <TableCell align="right">{translate('app.accountUsers.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((member) => (
          <TableRow key={member.id}>
            <TableCell>
              {fullName(member)}
              {member.id === selfId && you}
            </TableCell>
            <TableCell>{member.email}</TableCell>
            <TableCell>{translate(`app.accountUsers.roles.${member.role}`)}</TableCell>
            <TableCell>{format.date(member.createdAt)}</TableCell>
            {canManage && <TableCell align="right">{member.id !== selfId && <MemberActions member={member} onEdit={onEdit} onRemove={onRemove} />}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
