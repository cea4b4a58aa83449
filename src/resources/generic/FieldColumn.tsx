import { DateField, FunctionField, NumberField, ReferenceField, TextField, useRecordContext, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { chosenReferences, fieldLabelKey, RECORD_FIELDS, titleFieldOf, type AnyResource } from '#shared/resources/define';
import { fieldKind } from '#shared/resources/fields';

/** A choice shown by its label (resources.<name>.choices.<field>.<value>), or the value where none is given. */
const ChoiceField = ({ resource, source }: { resource: string; source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (value === null || value === undefined) return null;
  return <span>{translate(`resources.${resource}.choices.${source}.${value}`, { _: String(value) })}</span>;
};

/**
 * How a list column or a show line displays one field of a declared resource, chosen from its
 * zod schema like its input: a number, a choice's label, a date for a time field and the record's times, a list's items, or text;
 * a reference to another resource shows that record's name, linked to it.
 */
export function fieldColumn(resource: AnyResource, source: string) {
  const common = { source, label: fieldLabelKey(resource, source), sortable: resource.sorts.includes(source) };
  if ((RECORD_FIELDS as readonly string[]).includes(source))
    return source === 'id' ? <TextField key={source} {...common} /> : <DateField key={source} {...common} showTime />;
  const reference = chosenReferences(resource).find((chosen) => chosen.field === source);
  if (reference) {
    return (
      <ReferenceField key={source} {...common} reference={reference.to.name} emptyText="—">
        <TextField source={titleFieldOf(reference.to)} />
      </ReferenceField>
    );
  }
  const kind = fieldKind(resource.fields[source] as z.ZodType).kind;
  if (kind === 'number') return <NumberField key={source} {...common} />;
  if (kind === 'datetime') return <DateField key={source} {...common} showTime />;
  if (kind === 'choice') return <ChoiceField key={source} {...common} resource={resource.name} />;
  if (kind === 'list')
    return <FunctionField key={source} {...common} render={(record: Record<string, unknown>) => ((record[source] as string[] | null) ?? []).join(', ')} />;
  return <TextField key={source} {...common} />;
}
