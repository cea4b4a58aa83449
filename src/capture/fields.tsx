import type { FieldDef } from './formModel';
import { useFanText } from './fanText';

/** A labelled input or select with its message next to it (aria-invalid, aria-describedby). */
export function FormField({ field, value, error, onChange }: { field: FieldDef; value: string; error?: string; onChange: (value: string) => void }) {
  const { m } = useFanText();
  const id = `f-${field.name}`;
  const describedBy = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    value,
    required: !field.optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {!field.optional && (
          <span className="req" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {field.type === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">{m.form.choose}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          list={field.suggestions ? `${id}-list` : undefined}
          type={field.type}
          autoComplete={field.autoComplete ?? 'off'}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
          max={field.type === 'date' ? new Date().toISOString().slice(0, 10) : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {field.suggestions && (
        <datalist id={`${id}-list`}>
          {field.suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {field.hint && (
        <span className="hint" id={`${id}-hint`}>
          {field.hint}
        </span>
      )}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckField({
  id,
  label,
  checked,
  required,
  error,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  required?: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="check">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
