import { NewAccountSchema, PASSWORD_RULE } from '../../../shared/staff';
import { InputFields } from '../../components/form-field';
import { fieldErrorsOf } from '../../lib/field-errors';

/** The text fields of a new account, as the server's NewAccountSchema names them. */
type AccountText = { name: string; email: string; phoneNumber: string; password: string };

/** A message under each field that has a problem. */
export type AccountFieldErrors = Partial<Record<keyof AccountText, string>>;

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const satisfies readonly { name: keyof AccountText; label: string; type: string; autoComplete: string }[];

/**
 * The fields of a new account (Staff page, first-admin setup). `forSelf` lets the browser fill in
 * the person's own name and e-mail; an admin creating someone else's account gets no suggestions.
 */
export function AccountFields({ idPrefix, forSelf, errors = {} }: { idPrefix: string; forSelf: boolean; errors?: AccountFieldErrors }) {
  const fields = FIELDS.map((field) => ({
    ...field,
    autoComplete: forSelf || field.name === 'password' ? field.autoComplete : 'off',
    error: errors[field.name],
  }));
  return <InputFields idPrefix={idPrefix} fields={fields} />;
}

/** The AccountFields values of a submitted form. */
export function accountTextOf(data: FormData): AccountText {
  const text = (name: keyof AccountText) => String(data.get(name) ?? '');
  return { name: text('name'), email: text('email'), phoneNumber: text('phoneNumber'), password: text('password') };
}

/** The password policy, under the account fields. */
export function PasswordRule() {
  return <p className="text-sm text-slate-600 dark:text-slate-300">{PASSWORD_RULE}</p>;
}

/** Every field's first problem, checked by the server's own schema, so that all of them show at once. */
export function accountFieldErrors(text: AccountText): AccountFieldErrors {
  return fieldErrorsOf(
    NewAccountSchema.safeParse(text).error,
    FIELDS.map(({ name }) => name),
  );
}
