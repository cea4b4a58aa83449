import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import { postSubmission, tokenHeaders, type Refusal } from './api';
import { clearDraft, loadDraft, saveDraft, type Draft } from './draft';
import { checkFile } from './fileChoice';
import { FileField } from './FileField';
import { CheckField, FormField } from './fields';
import { emptyValues, fieldRows, submissionInput, validate, type FieldErrors, type FormValues } from './formModel';
import { useTusUpload } from './useTusUpload';
import { useFanText } from './fanText';
import { Filled } from './Filled';

interface Props {
  payload: CapturePagePayload;
  slugs: { accountSlug: string; pageSlug: string };
  onSent: () => void;
  /** A refusal of the whole page (the server said the page takes nothing now). */
  onRefused: (refusal: Refusal) => void;
}

const PAGE_REFUSALS = new Set(['page-not-found', 'page-not-enabled', 'page-closed', 'account-disabled', 'upload-cap-reached']);

export function CaptureForm({ payload, slugs, onSent, onRefused }: Props) {
  const { form } = payload;
  const { m, f, percent: pct } = useFanText();
  const [draft] = useState<Draft | undefined>(() => loadDraft(slugs));
  const [values, setValues] = useState<FormValues>(() => ({
    ...emptyValues(form),
    ...draft?.values,
    terms: form.customTerms.map((_, i) => draft?.values.terms?.[i] === true),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState<'no' | 'waiting' | 'posting'>('no');
  const [formError, setFormError] = useState<string>();
  const { state: upload, start, cancel, refuse } = useTusUpload(payload, slugs);
  const formRef = useRef<HTMLFormElement>(null);

  const percent = upload.bytesTotal > 0 ? Math.floor((upload.bytesSent / upload.bytesTotal) * 100) : 0;
  const uploading = upload.phase === 'uploading' || upload.phase === 'retrying';
  useEffect(() => {
    const file = upload.fileName && uploading ? { name: upload.fileName, size: upload.bytesTotal, percent } : upload.phase === 'done' ? undefined : draft?.file;
    saveDraft(slugs, { values, file });
  }, [values, upload.fileName, upload.bytesTotal, upload.phase, uploading, percent, slugs, draft]);

  useEffect(() => {
    if (upload.phase === 'failed' && upload.refusal?.reason && PAGE_REFUSALS.has(upload.refusal.reason)) onRefused(upload.refusal);
  }, [upload.phase, upload.refusal, onRefused]);

  const send = async (uploadId: string) => {
    const input = submissionInput(form, values, uploadId, { name: payload.upload.honeypotField, value: honeypot });
    const checked = validate(form, input);
    if (!checked.data) return;
    setSending('posting');
    const answer = await postSubmission(slugs, checked.data, tokenHeaders(payload));
    if (answer.ok) {
      clearDraft(slugs);
      onSent();
      return;
    }
    setSending('no');
    const { refusal } = answer;
    if (refusal.reason && PAGE_REFUSALS.has(refusal.reason)) return onRefused(refusal);
    const fieldErrors: FieldErrors = {};
    for (const error of refusal.errors) fieldErrors[error.path.replace(/^body\./, '').replace(/\[(\d+)\]/, '.$1')] = error.message;
    setErrors(fieldErrors);
    setFormError(refusal.message);
  };

  // The fan pressed Send while the file was still going up: send as soon as it is in.
  useEffect(() => {
    if (sending === 'waiting' && upload.phase === 'done' && upload.uploadId) void send(upload.uploadId);
    if (sending === 'waiting' && upload.phase === 'failed') setSending('no');
    // `send` reads the latest values; only these three decide when to send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sending, upload.phase, upload.uploadId]);

  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const checked = validate(form, submissionInput(form, values, upload.uploadId ?? 'pending', { name: payload.upload.honeypotField, value: '' }));
    const next = { ...checked.errors };
    if (upload.phase === 'idle' || upload.phase === 'failed') next.file = upload.refusal?.message ?? m.form.fileRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError(m.form.checkFields);
      focusFirstError();
      return;
    }
    if (upload.phase === 'done' && upload.uploadId) void send(upload.uploadId);
    else setSending('waiting');
  };

  const setText = (name: string, value: string) => {
    setValues((v) => ({ ...v, text: { ...v.text, [name]: value } }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  // The summary line goes once every highlighted field is fixed.
  useEffect(() => {
    if (Object.keys(errors).length === 0) setFormError(undefined);
  }, [errors]);

  const choose = (file: File) => {
    setErrors(({ file: _, ...rest }) => rest);
    const checked = checkFile(payload.files, file);
    if ('refusal' in checked) return refuse(file.name, checked.refusal);
    start(file);
  };

  const busy = sending !== 'no';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-describedby={formError ? 'form-error' : undefined}>
      <FileField
        files={payload.files}
        upload={upload}
        interrupted={upload.phase === 'idle' ? draft?.file : undefined}
        error={errors.file}
        onChoose={choose}
        onCancel={cancel}
      />
      {fieldRows(form).map((row) => (
        <div key={row.map((f) => f.name).join()} className={row.length > 1 ? 'pair' : undefined}>
          {row.map((field) => (
            <FormField
              key={field.name}
              field={field}
              value={values.text[field.name] ?? ''}
              error={errors[field.name]}
              onChange={(value) => setText(field.name, value)}
            />
          ))}
        </div>
      ))}
      {form.captureMarketingConsent && form.marketingConsent && (
        <CheckField
          id="f-marketingConsent"
          label={form.marketingConsent}
          checked={values.marketingConsent}
          error={errors.marketingConsent}
          onChange={(checked) => setValues((v) => ({ ...v, marketingConsent: checked }))}
        />
      )}
      {form.customTerms.map((term, i) => (
        <CheckField
          key={i}
          id={`f-terms-${i}`}
          label={term}
          required
          checked={values.terms[i] === true}
          error={errors[`terms.${i}`]}
          onChange={(checked) => {
            setValues((v) => ({ ...v, terms: v.terms.map((t, j) => (j === i ? checked : t)) }));
            setErrors(({ [`terms.${i}`]: _, ...rest }) => rest);
          }}
        />
      ))}
      <div className="trap" aria-hidden="true">
        <label htmlFor="f-hp">{m.form.honeypot}</label>
        <input
          id="f-hp"
          name={payload.upload.honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.currentTarget.value)}
        />
      </div>
      <p className="hint">
        <Filled template={m.form.agree} slots={{ terms: <a href={payload.account.termsUrl}>{m.form.terms}</a> }} />
      </p>
      {formError && (
        <p className="notice notice--error" id="form-error" role="alert">
          {formError}
        </p>
      )}
      {sending === 'waiting' && (
        <p className="notice" role="status">
          {m.form.waiting}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {sending === 'posting' ? m.form.sending : sending === 'waiting' ? f(m.form.uploadingPercent, { percent: pct(percent) }) : m.form.send}
      </button>
    </form>
  );
}
