import type { ReactNode } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from './FormDialog';

interface Props<T extends FieldValues, R extends { id: string; name: string }> {
  resource: string;
  /** Translation keys under which the dialog's `title`, `submit` label and `created` notice (with the record's name) stand. */
  keys: string;
  schema: z.ZodType;
  defaultValues: DefaultValues<T>;
  onClose: () => void;
  onCreated?: (record: R) => void;
  children: ReactNode;
}

/** A dialog whose form creates a record of the resource (Platform's New Account and New Admin), then says so. */
export function CreateRecordDialog<T extends FieldValues, R extends { id: string; name: string }>({
  resource,
  keys,
  schema,
  defaultValues,
  onClose,
  onCreated,
  children,
}: Props<T, R>) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<R>(resource, undefined, {
    onSuccess: (record) => {
      notify(`${keys}.created`, { type: 'success', messageArgs: { name: record.name } });
      onCreated?.(record);
    },
  });
  return (
    <FormDialog<T>
      open
      onClose={onClose}
      title={translate(`${keys}.title`)}
      schema={schema}
      defaultValues={defaultValues}
      submitLabel={`${keys}.submit`}
      onSubmit={async (values) => {
        // The form's fields are a part of the record's (the server answers the whole record).
        await create(resource, { data: values as Partial<R> }, { returnPromise: true });
      }}
    >
      {children}
    </FormDialog>
  );
}
