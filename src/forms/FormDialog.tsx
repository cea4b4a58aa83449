import { useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, useTranslate } from 'react-admin';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorCode } from '../apiError';
import { useZodResolver } from './zodResolver';
import { FormInvalidNotice } from './FormNotices';
import { submissionErrors } from './submissionErrors';

interface Props<T extends FieldValues> {
  open: boolean;
  title: string;
  schema: z.ZodType;
  defaultValues: DefaultValues<T>;
  onClose: () => void;
  /** Sends the form; a thrown API error with field errors is shown under the fields. */
  onSubmit: (values: T) => Promise<unknown>;
  children: ReactNode;
  /** Label key of the submit button. */
  submitLabel?: string;
  /** Shown above the fields, e.g. an upgrade prompt after a plan-limit answer. */
  notice?: ReactNode;
}

/**
 * A modal react-admin `Form`: the shared schema, 'Required fields missing or invalid' when
 * invalid, and the API's field errors (an HttpError's body.errors) under their inputs. The
 * dialog's content unmounts when closed, so each opening starts from `defaultValues`.
 */
export function FormDialog<T extends FieldValues>({
  open,
  title,
  schema,
  defaultValues,
  onClose,
  onSubmit,
  children,
  submitLabel = 'app.profile.submit',
  notice,
}: Props<T>) {
  const translate = useTranslate();
  const resolver = useZodResolver(schema);
  const [error, setError] = useState<string>();
  const close = () => {
    setError(undefined);
    onClose();
  };
  const submit = async (values: FieldValues) => {
    setError(undefined);
    try {
      await onSubmit(values as T);
      close();
      return undefined;
    } catch (e) {
      const fields = submissionErrors(e);
      if (!fields || !apiErrorCode(e)) setError(e instanceof Error ? e.message : String(e));
      return fields;
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <Form resolver={resolver} record={defaultValues} onSubmit={submit} disableInvalidFormNotification noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <FormInvalidNotice />
          {notice}
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.profile.cancel')}</Button>
          <SaveButton label={submitLabel} icon={<></>} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
