import { useEffect, useState } from 'react';
import { Button, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { newPageFormSchema } from '../../domain/schemas/page';
import { request } from '../../http';
import { useAppContext } from '../../appContext';
import { FormDialog } from '../../forms/FormDialog';
import { FormTextField } from '../../forms/FormTextField';

const ClonePicker = ({ accountId, open }: { accountId: string; open: boolean }) => {
  const translate = useTranslate();
  const { field } = useController({ name: 'clonePageId', defaultValue: '' });
  const [pages, setPages] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (open) request<{ id: string; name: string }[]>(`/api/accounts/${accountId}/pages/lookup`).then(setPages, () => setPages([]));
  }, [accountId, open]);
  return (
    <TextField select {...field} value={field.value ?? ''} label={translate('resources.pages.clone')} fullWidth margin="dense">
      <MenuItem value="">{translate('resources.pages.noClone')}</MenuItem>
      {pages.map((page) => (
        <MenuItem key={page.id} value={page.id}>
          {page.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** 'New Page': a name (at most 100) and, optionally, a page of the account to copy. */
export const NewPageButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: context } = useAppContext();
  const [open, setOpen] = useState(false);
  const { canAccess: canCreate } = useCanAccess({ resource: 'pages', action: 'create' });
  if (!context?.account || !canCreate) return null;
  const accountId = context.account.id;
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('resources.pages.new')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('resources.pages.new')}
        schema={newPageFormSchema}
        defaultValues={{ name: '', clonePageId: '' }}
        submitLabel="resources.pages.create"
        onSubmit={async ({ name, clonePageId }: { name: string; clonePageId?: string }) => {
          await request(`/api/accounts/${accountId}/pages`, { method: 'POST', body: { name, ...(clonePageId ? { clonePageId } : {}) } });
          notify('resources.pages.created', { type: 'success', messageArgs: { name } });
          refresh();
        }}
      >
        <FormTextField name="name" label={translate('resources.pages.fields.name')} required autoFocus />
        <ClonePicker accountId={accountId} open={open} />
      </FormDialog>
    </>
  );
};
