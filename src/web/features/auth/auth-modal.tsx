import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../../shared/auth';
import { InputField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { signInWithPassword } from './session-store';

export const LOGIN_MESSAGES = {
  progress: 'Please wait! We are logging you in to your account.',
  success: 'Your login was successful!',
  failure: 'An unexpected error occured. Please try again shortly.',
} as const;

type Phase = 'editing' | 'progress' | 'success' | 'failure';

/**
 * A login field: its value, and whether its message shows — once it was edited and left
 * (touched and dirty) while invalid.
 */
function useLoginField(isValid: (value: string) => boolean) {
  const [field, setField] = useState({ value: '', touched: false, dirty: false });
  const valid = isValid(field.value);
  return {
    value: field.value,
    valid,
    showError: field.touched && field.dirty && !valid,
    inputProps: {
      value: field.value,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setField({ ...field, value: event.target.value, dirty: true }),
      onBlur: () => setField({ ...field, touched: true }),
    },
  };
}

function LoginForm() {
  const id = useId();
  const email = useLoginField((value) => value !== '' && EMAIL_PATTERN.test(value));
  const password = useLoginField((value) => value !== '');
  const [phase, setPhase] = useState<Phase>('editing');
  const fields = [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'username', field: email, message: 'Email is invalid' },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      autoComplete: 'current-password',
      field: password,
      message: 'Password is invalid',
    },
  ];
  // The form is re-enabled only after a failure; after success it stays locked.
  const locked = phase === 'progress' || phase === 'success';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.valid || !password.valid || locked) return;
    setPhase('progress');
    try {
      await signInWithPassword(email.value.trim(), password.value);
      setPhase('success');
    } catch {
      setPhase('failure');
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label="Login">
      <fieldset disabled={locked} className="flex flex-col gap-4">
        {fields.map(({ name, label, type, autoComplete, field, message }) => (
          <InputField
            key={name}
            id={`${id}-${name}`}
            label={label}
            name={name}
            type={type}
            autoComplete={autoComplete}
            required
            error={field.showError ? message : undefined}
            {...field.inputProps}
          />
        ))}
        <button type="submit" className="btn-primary" disabled={!email.valid || !password.valid || locked}>
          Login
        </button>
      </fieldset>
      <div aria-live="polite">
        {phase === 'progress' && <p className="alert-info">{LOGIN_MESSAGES.progress}</p>}
        {phase === 'success' && <p className="alert-success">{LOGIN_MESSAGES.success}</p>}
        {phase === 'failure' && (
          <p className="alert-error" role="alert">
            {LOGIN_MESSAGES.failure}
          </p>
        )}
      </div>
    </form>
  );
}

/** The auth modal: 'Your Account' with its one tab, Login (there is no public sign-up). */
export function AuthModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  return (
    <Modal name="auth" title="Your Account" open onClose={onClose}>
      <div role="tablist" aria-label="Account" className="mb-4 flex gap-2 border-b border-slate-200 dark:border-slate-700">
        <button
          type="button"
          role="tab"
          id={`${id}-tab`}
          aria-selected="true"
          aria-controls={`${id}-panel`}
          className="-mb-px border-b-2 border-amber-400 px-3 py-2 font-semibold"
        >
          Login
        </button>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab`}>
        <LoginForm />
      </div>
    </Modal>
  );
}
