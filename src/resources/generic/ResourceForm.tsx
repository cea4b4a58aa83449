import { Stack } from '@mui/material';
import { Form, SaveButton } from 'react-admin';
import { createSchemaOf, updateSchemaOf, writableFieldsOf, type AnyResource } from '#shared/resources/define';
import { useZodResolver } from '../../forms/zodResolver';
import { DeleteIfAllowed, ReadOnlyNotice, SaveIfAllowed, useCanEditRecord } from '../../components/RecordAccess';
import { FieldInput } from './FieldInput';

/**
 * The form of a declared resource: one input per field, checked by the same zod schema as the
 * API. `readOnly` (a member who may read but not edit) disables the inputs and drops Save and Delete.
 */
const ResourceFields = ({ resource, readOnly = false }: { resource: AnyResource; readOnly?: boolean }) => (
  <Stack spacing={1} sx={{ maxWidth: 640 }}>
    {Object.keys(writableFieldsOf(resource)).map((source) => (
      <FieldInput key={source} resource={resource} source={source} disabled={readOnly} />
    ))}
  </Stack>
);

/** Inside EditOrViewBase: the record's form, read-only for members who may not edit. */
export const ResourceEditForm = ({ resource }: { resource: AnyResource }) => {
  const canEdit = useCanEditRecord();
  // The record comes back with its id and times: the update schema takes them back and ignores them.
  const resolver = useZodResolver(updateSchemaOf(resource));
  return (
    <Form resolver={resolver}>
      {/* Apart from the notice, so the first input's label does not touch it. */}
      <Stack spacing={2}>
        <ReadOnlyNotice />
        <ResourceFields resource={resource} readOnly={!canEdit} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', maxWidth: 640, mt: 2 }}>
        <SaveIfAllowed />
        <DeleteIfAllowed resource={resource.name} />
      </Stack>
    </Form>
  );
};

/** Inside CreateBase (which asks canAccess 'create' first): an empty form with Save. */
export const ResourceCreateForm = ({ resource }: { resource: AnyResource }) => {
  const resolver = useZodResolver(createSchemaOf(resource));
  return (
    <Form resolver={resolver}>
      <ResourceFields resource={resource} />
      <Stack direction="row" sx={{ mt: 2 }}>
        <SaveButton alwaysEnable />
      </Stack>
    </Form>
  );
};
