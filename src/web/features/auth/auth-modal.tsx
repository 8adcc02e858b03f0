import { useId, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../../shared/auth';
import { Modal } from '../../components/modal';
import { signInWithPassword } from './session-store';

export const LOGIN_MESSAGES = {
  progress: 'Please wait! We are logging you in to your account.',
  success: 'Your login was successful!',
  failure: 'An unexpected error occured. Please try again shortly.',
} as const;

type Phase = 'editing' | 'progress' | 'success' | 'failure';

/** A form field's value with the touched / dirty flags that decide when its message shows. */
type Field = { value: string; touched: boolean; dirty: boolean };
const EMPTY: Field = { value: '', touched: false, dirty: false };

function LoginForm() {
  const id = useId();
  const [email, setEmail] = useState<Field>(EMPTY);
  const [password, setPassword] = useState<Field>(EMPTY);
  const [phase, setPhase] = useState<Phase>('editing');

  const emailValid = email.value !== '' && EMAIL_PATTERN.test(email.value);
  const passwordValid = password.value !== '';
  const showEmailError = email.touched && email.dirty && !emailValid;
  const showPasswordError = password.touched && password.dirty && !passwordValid;
  // The form is re-enabled only after a failure; after success it stays locked.
  const locked = phase === 'progress' || phase === 'success';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!emailValid || !passwordValid || locked) return;
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
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="font-semibold">
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            className="input"
            value={email.value}
            aria-invalid={showEmailError}
            aria-describedby={showEmailError ? `${id}-email-error` : undefined}
            onChange={(event) => setEmail({ ...email, value: event.target.value, dirty: true })}
            onBlur={() => setEmail({ ...email, touched: true })}
          />
          {showEmailError && (
            <p id={`${id}-email-error`} className="text-sm font-semibold text-rose-600 dark:text-rose-400">
              Email is invalid
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-password`} className="font-semibold">
            Password
          </label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="input"
            value={password.value}
            aria-invalid={showPasswordError}
            aria-describedby={showPasswordError ? `${id}-password-error` : undefined}
            onChange={(event) => setPassword({ ...password, value: event.target.value, dirty: true })}
            onBlur={() => setPassword({ ...password, touched: true })}
          />
          {showPasswordError && (
            <p id={`${id}-password-error`} className="text-sm font-semibold text-rose-600 dark:text-rose-400">
              Password is invalid
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary" disabled={!emailValid || !passwordValid || locked}>
          Login
        </button>
      </fieldset>
      <div aria-live="polite">
        {phase === 'progress' && <p className="alert-info">{LOGIN_MESSAGES.progress}</p>}
        {phase === 'success' && <p className="alert-success">{LOGIN_MESSAGES.success}</p>}
        {phase === 'failure' && <p className="alert-error" role="alert">{LOGIN_MESSAGES.failure}</p>}
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
