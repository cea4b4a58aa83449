import { createContext, useContext, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import {
  DeleteWithConfirmButton,
  EditBase,
  Loading,
  SaveButton,
  useCanAccess,
  useRequireAccess,
  useResourceContext,
  useTranslate,
  type DeleteWithConfirmButtonProps,
  type EditBaseProps,
  type SaveButtonProps,
} from 'react-admin';

interface RecordAccess {
  /** May change the record (react-admin's 'edit'): inputs enabled, Save shown. */
  canEdit: boolean;
  /** May delete it: Delete shown. */
  canDelete: boolean;
  isPending: boolean;
}

/**
 * What the signed-in user may do with a resource's records, from the permissions table
 * (react-admin's canAccess): the one question every edit screen and delete button asks.
 */
export function useRecordAccess(resource?: string): RecordAccess {
  const fromContext = useResourceContext();
  const name = resource ?? fromContext;
  const edit = useCanAccess({ resource: name, action: 'edit' });
  const remove = useCanAccess({ resource: name, action: 'delete' });
  return { canEdit: edit.canAccess === true, canDelete: remove.canAccess === true, isPending: edit.isPending || remove.isPending };
}

const RecordAccessContext = createContext<RecordAccess>({ canEdit: false, canDelete: false, isPending: true });

/** Inside an EditOrViewBase: whether this user may edit the record (false for read-only members). */
export const useCanEditRecord = (): boolean => useContext(RecordAccessContext).canEdit;

/**
 * react-admin's EditBase for everyone who may see the record, not only those who may edit it
 * ('read-only viewing is the default'). Members who may read but not edit get the
 * same screen read-only: views disable their inputs with `useCanEditRecord()` and use
 * `SaveIfAllowed` / `DeleteIfAllowed`, which they do not see. Users who may not even see the
 * record are sent away as react-admin does for 'edit'. The server refuses every write anyway.
 */
export const EditOrViewBase = ({ children, resource, ...props }: EditBaseProps & { children: ReactNode }) => {
  const fromContext = useResourceContext({ resource });
  const name = resource ?? fromContext;
  const { isPending: checking } = useRequireAccess({ resource: name, action: 'show' });
  const access = useRecordAccess(name);
  if (checking || access.isPending) return <Loading />;
  return (
    // 'show' was checked above; react-admin's own check would ask for 'edit'.
    <EditBase resource={name} {...props} disableAuthentication>
      <RecordAccessContext.Provider value={access}>{children}</RecordAccessContext.Provider>
    </EditBase>
  );
};

/** The notice a read-only member sees above the record. */
export const ReadOnlyNotice = ({ message = 'app.readOnly.notice' }: { message?: string }) => {
  const translate = useTranslate();
  return useCanEditRecord() ? null : <Alert severity="info">{translate(message)}</Alert>;
};

/** react-admin's SaveButton, only for users who may edit the record. */
export const SaveIfAllowed = (props: SaveButtonProps) => (useCanEditRecord() ? <SaveButton {...props} /> : null);

/**
 * react-admin's DeleteWithConfirmButton, only for users who may delete (react-admin's
 * DeleteButton asks canAccess, its WithConfirm variant used directly does not).
 */
export const DeleteIfAllowed = (props: DeleteWithConfirmButtonProps) => {
  const { canDelete, isPending } = useRecordAccess(props.resource);
  return !isPending && canDelete ? <DeleteWithConfirmButton {...props} /> : null;
};
