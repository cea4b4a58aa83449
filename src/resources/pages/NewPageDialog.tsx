import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, MenuItem, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { newPageFormSchema } from '../../domain/schemas/page';
import { queryKeys, type AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../forms/FormDialog';
import { FormTextField } from '../../forms/FormTextField';

const ClonePicker = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field } = useController({ name: 'clonePageId', defaultValue: '' });
  // Read each time the dialog opens (it mounts with the dialog), so a page created since is listed.
  const { data: pages = [] } = useQuery({ queryKey: queryKeys.pageLookup(), queryFn: () => dataProvider.pageLookup(), staleTime: 0 });
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
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const { canAccess: canCreate } = useCanAccess({ resource: 'pages', action: 'create' });
  if (!canCreate) return null;
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
          await dataProvider.create('pages', { data: { name, ...(clonePageId ? { clonePageId } : {}) } });
          notify('resources.pages.created', { type: 'success', messageArgs: { name } });
          refresh();
        }}
      >
        <FormTextField name="name" label={translate('resources.pages.fields.name')} required autoFocus />
        <ClonePicker />
      </FormDialog>
    </>
  );
};
