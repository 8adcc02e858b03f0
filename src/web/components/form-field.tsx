import type { InputHTMLAttributes, ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** A field's message under its control: a hint, replaced by the error while there is one. */
type FieldMessages = { hint?: string | undefined; error?: string | undefined };

/** The aria attributes that tie a control (`id`) to its field's message. */
export function fieldAria(id: string, { hint, error }: FieldMessages) {
  return {
    'aria-invalid': error !== undefined,
    'aria-describedby': error !== undefined ? `${id}-error` : hint !== undefined ? `${id}-hint` : undefined,
  };
}

type FormFieldProps = FieldMessages & {
  id: string;
  label: string;
  /** Label and control side by side (list filters) instead of the label above. */
  inline?: boolean;
  children: ReactNode;
};

/**
 * The one rendering of a form field: the label above its control (`id`), or beside it for
 * `inline` filters, then the hint or the error (`${id}-hint` / `${id}-error`, see fieldAria).
 * Used by every form of the app.
 */
export function FormField({ id, label, hint, error, inline = false, children }: FormFieldProps) {
  return (
    <div className={inline ? 'flex flex-wrap items-center gap-2' : 'flex flex-col gap-1'}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children}
      {hint !== undefined && error === undefined && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm font-semibold text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = FieldMessages & { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled text input (class `input`) with its hint or error. */
export function InputField({ id, label, hint, error, className = 'input', ...input }: InputFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <input id={id} className={className} {...fieldAria(id, { hint, error })} {...input} />
    </FormField>
  );
}

/** One field of `InputFields`: its `name` also makes its id. */
export type InputFieldSpec = Omit<InputFieldProps, 'id'> & { name: string };

/** Several InputFields in a row of the form, each with the id `${idPrefix}-${name}`. */
export function InputFields({ idPrefix, fields }: { idPrefix: string; fields: readonly InputFieldSpec[] }) {
  return fields.map(({ name, ...field }) => <InputField key={name} id={`${idPrefix}-${name}`} name={name} {...field} />);
}

/**
 * Shows a form's field errors at once and moves the focus to its first invalid control, so that a
 * person (and a screen reader) lands where the first fix is due. `render` sets the error state.
 */
export function showFieldErrors(form: HTMLFormElement, render: () => void): void {
  flushSync(render);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
