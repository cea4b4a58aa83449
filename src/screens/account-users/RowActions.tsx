import { Button } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';

interface Props {
  /** The row's plain action (Edit, Resend) and its label key. */
  label: string;
  onClick: () => void;
  /** The row's removing action (Remove, Cancel) and its label key. */
  removeLabel: string;
  onRemove: () => void;
}

/** The buttons of a row of the account's users or pending invitations. The removing one asks its own rule (account-users delete), as the server's routes do. */
export const RowActions = ({ label, onClick, removeLabel, onRemove }: Props) => {
  const translate = useTranslate();
  const { canAccess: canRemove } = useCanAccess({ resource: 'account-users', action: 'delete' });
  return (
    <>
      <Button size="small" onClick={onClick}>
        {translate(label)}
      </Button>
      {canRemove && (
        <Button size="small" color="error" onClick={onRemove}>
          {translate(removeLabel)}
        </Button>
      )}
    </>
  );
};
