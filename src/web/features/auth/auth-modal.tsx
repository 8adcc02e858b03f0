import { useId, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../../shared/auth';
import { InputFields, type InputFieldSpec } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { signInWithPassword } from './session-store';

export const LOGIN_MESSAGES = {
  progress: 'Please wait! We are logging you in to your account.',
  success: 'Your login was successful!',
  failure: 'An unexpected error occured. Please try again shortly.',
} as const;

type Phase = 'editing' | 'progress' | 'success' | 'failure';

/**
 * A login field: its value, whether it is valid, and its InputField, whose message shows once the
 * field was edited and left (touched and dirty) while invalid.
 */
function useLoginField(
  field: Pick<InputFieldSpec, 'name' | 'label' | 'type' | 'autoComplete'>,
  message: string,
  isValid: (value: string) => boolean,
) {
  const [state, setState] = useState({ value: '', touched: false, dirty: false });
  const valid = isValid(state.value);
  const spec: InputFieldSpec = {
    ...field,
    required: true,
    value: state.value,
    error: state.touched && state.dirty && !valid ? message : undefined,
    onChange: (event) => setState({ ...state, value: event.target.value, dirty: true }),
    onBlur: () => setState({ ...state, touched: true }),
  };
  return { value: state.value, valid, spec };
}

function LoginForm() {
  const id = useId();
  const email = useLoginField({ name: 'email', label: 'Email', type: 'email', autoComplete: 'username' }, 'Email is invalid', (value) =>
    EMAIL_PATTERN.test(value),
  );
  const password = useLoginField(
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
    'Password is invalid',
    (value) => value !== '',
  );
  const [phase, setPhase] = useState<Phase>('editing');
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
        <InputFields idPrefix={id} fields={[email.spec, password.spec]} />
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
