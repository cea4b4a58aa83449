import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import type { z } from 'zod';
import { chosenReferences, fieldLabelKey, titleFieldOf, type AnyResource } from '#shared/resources/define';
import { fieldKind } from '#shared/resources/fields';

/** How a reference's choices are ordered: by the name shown when the resource sorts by it, else its default sort. */
const choiceSortOf = (resource: AnyResource) => {
  const title = titleFieldOf(resource);
  return resource.sorts.includes(title) ? { field: title, order: 'ASC' as const } : { field: resource.defaultSort, order: 'DESC' as const };
};

/**
 * The input of a declared field, chosen from its zod schema: text (a text area past a short
 * text's length), number, switch, time, choice or a list of texts; a reference to another
 * resource picks one of its records by name. Its label is react-admin's resources.<name>.fields.<field>.
 */
export const FieldInput = ({ resource, source, disabled }: { resource: AnyResource; source: string; disabled?: boolean }) => {
  const field = fieldKind(resource.fields[source] as z.ZodType);
  // Outlined: an error's red label on white keeps WCAG AA contrast (on the filled grey it does not).
  const common = { source, label: fieldLabelKey(resource, source), disabled, fullWidth: true, isRequired: field.required, variant: 'outlined' as const };
  const reference = chosenReferences(resource).find((chosen) => chosen.field === source);
  if (reference) {
    return (
      // Ordered by name where the other resource sorts by it (react-admin's default, the id, is no declared sort).
      <ReferenceInput source={source} reference={reference.to.name} sort={choiceSortOf(reference.to)}>
        <AutocompleteInput {...common} optionText={titleFieldOf(reference.to)} />
      </ReferenceInput>
    );
  }
  if (field.kind === 'number') return <NumberInput {...common} min={field.min} max={field.max} step={field.integer ? 1 : 'any'} />;
  if (field.kind === 'boolean') return <BooleanInput {...common} />;
  // The input's local time, saved as the ISO time the field's schema takes.
  if (field.kind === 'datetime') return <DateTimeInput {...common} parse={(value: string) => (value ? new Date(value).toISOString() : null)} />;
  if (field.kind === 'choice')
    return <SelectInput {...common} choices={field.choices.map((id) => ({ id, name: `resources.${resource.name}.choices.${source}.${id}` }))} />;
  // A list of texts: one input a line, added and removed in place (source "" edits the item itself).
  if (field.kind === 'list') {
    return (
      <ArrayInput source={source} label={common.label}>
        <SimpleFormIterator inline disableReordering disableAdd={disabled} disableRemove={disabled}>
          <TextInput source="" label={false} variant="outlined" fullWidth disabled={disabled} />
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  return <TextInput {...common} multiline={field.multiline} minRows={field.multiline ? 3 : undefined} slotProps={{ htmlInput: { maxLength: field.max } }} />;
};
