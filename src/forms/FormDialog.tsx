import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormProvider, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorCode } from '../apiError';
import { useZodResolver } from './zodResolver';
import { FormInvalidNotice } from './FormNotices';

interface Props<T extends FieldValues> {
  open: boolean;
  title: string;
  schema: z.ZodType;
  defaultValues: DefaultValues<T>;
  onClose: () => void;
  /** Sends the form; a thrown API error with field errors is shown under the fields. */
  onSubmit: (values: T) => Promise<void>;
  children: ReactNode;
  /** Label key of the submit button. */
  submitLabel?: string;
  /** Shown above the fields, e.g. an upgrade prompt after a plan-limit answer. */
  notice?: ReactNode;
}

/** A modal form: shared schema, 'Required fields missing or invalid' when invalid, server errors in place. */
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
  const form = useForm<T>({ resolver: useZodResolver<T>(schema), defaultValues });
  const [error, setError] = useState<string>();
  const { reset } = form;
  const initial = JSON.stringify(defaultValues);
  // Each opening starts from the values it is given (the dialog edits one record at a time).
  useEffect(() => {
    if (open) reset(JSON.parse(initial) as DefaultValues<T>);
  }, [open, initial, reset]);
  const close = () => {
    form.reset(defaultValues);
    setError(undefined);
    onClose();
  };
  const submit = async (values: T) => {
    setError(undefined);
    try {
      await onSubmit(values);
      close();
    } catch (e) {
      const fieldErrors = (e as { api?: { errors?: { path: string; message: string }[] } }).api?.errors ?? [];
      for (const item of fieldErrors) if (item.path) form.setError(item.path as never, { message: item.message });
      if (!fieldErrors.some((item) => item.path) || !apiErrorCode(e)) setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)}>
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
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {translate(submitLabel)}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
