import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SelectInput, TextInput, useCanAccess, useCreate, useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { withinCap } from '#shared/domain/plans';
import { useAppContext } from '../../appContext';
import { Upsell } from '../../components/Upsell';
import { newPageFormSchema } from '#shared/domain/schemas/page';
import type { AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../forms/FormDialog';

const ClonePicker = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  // Read each time the dialog opens (it mounts with the dialog), so a page created since is listed.
  const { data: pages = [] } = useQuery({ queryKey: ['pages', 'pageLookup'], queryFn: () => dataProvider.pageLookup(), staleTime: 0 });
  return (
    <SelectInput
      source="clonePageId"
      label="resources.pages.clone"
      choices={pages}
      optionText="name"
      translateChoice={false}
      emptyText="resources.pages.noClone"
      helperText={false}
    />
  );
};

/**
 * 'Creating a page ... beyond the cap shows an upgrade prompt': the cap counts active pages
 * (the plan table's 'Active pages'), so at the cap New Page shows the active_pages prompt. A new
 * page starts not enabled, so it may still be made (and enabled once another is disabled or the
 * plan grows). Platform admins bypass the prompt (the Upsell hides itself for them).
 */
const PageCapNotice = () => {
  const { data: context } = useAppContext();
  const cap = context?.account?.planLimits.pages ?? null;
  const { total } = useGetList(
    'pages',
    { filter: { status: 'enabled' }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } },
    { enabled: cap !== null, staleTime: 0 },
  );
  if (cap === null || total === undefined || withinCap(cap, total)) return null;
  return <Upsell id="active_pages" />;
};

/** 'New Page': a name (at most 100) and, optionally, a page of the account to copy. */
export const NewPageButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
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
        notice={open && <PageCapNotice />}
        onSubmit={async ({ name, clonePageId }: { name: string; clonePageId?: string }) => {
          await create('pages', { data: { name, ...(clonePageId ? { clonePageId } : {}) } }, { returnPromise: true });
          notify('resources.pages.created', { type: 'success', messageArgs: { name } });
          refresh();
        }}
      >
        <TextInput source="name" label="resources.pages.fields.name" isRequired autoFocus />
        <ClonePicker />
      </FormDialog>
    </>
  );
};
