import { useId, useState, type FormEvent } from 'react';
import { RoleSchema, type Role } from '../../../shared/auth';
import { passwordProblem, type StaffAccount } from '../../../shared/staff';
import { FormField, showFieldErrors } from '../../components/form-field';
import { showToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { AccountFields, accountFieldErrors, accountTextOf, PasswordRule, type AccountFieldErrors } from './account-fields';
import { useSession } from './session-store';
import { useStaffList, useStaffMutations } from './use-staff';

function messageOf(error: unknown): string {
  return errorMessage(error, 'An unexpected error occurred. Please try again shortly.');
}

function CreateAccountForm() {
  const id = useId();
  const { create } = useStaffMutations();
  const [created, setCreated] = useState<string | null>(null);
  const [errors, setErrors] = useState<AccountFieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const role = RoleSchema.catch('staff').parse(data.get('role'));
    const text = accountTextOf(data);
    setCreated(null);
    // Every field's message at once, the focus on the first to fix (the server checks the same schema).
    const problems = accountFieldErrors(text);
    if (Object.keys(problems).length > 0) {
      create.reset();
      showFieldErrors(form, () => setErrors(problems));
      return;
    }
    setErrors({});
    create.mutate(
      { ...text, role },
      {
        onSuccess: (account) => {
          setCreated(`Account created for ${account.email}.`);
          showToast(`Account created for ${account.email}`);
          form.reset();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-4 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        New account
      </h2>
      <fieldset disabled={create.isPending} className="grid gap-4 sm:grid-cols-2">
        <AccountFields idPrefix={id} forSelf={false} errors={errors} />
        <FormField id={`${id}-role`} label="Role">
          <select id={`${id}-role`} name="role" className="input" defaultValue="staff">
            <option value="staff">Staff</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
      </fieldset>
      <PasswordRule />
      <div>
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          Create account
        </button>
      </div>
      <div aria-live="polite">
        {create.isError && (
          <p className="alert-error" role="alert">
            {messageOf(create.error)}
          </p>
        )}
        {created !== null && <p className="alert-success">{created}</p>}
      </div>
    </form>
  );
}

function ResetPasswordForm({ account, onSaved, onCancel }: { account: StaffAccount; onSaved: () => void; onCancel: () => void }) {
  const id = useId();
  const { resetPassword } = useStaffMutations();
  const [password, setPassword] = useState('');
  const problem = password === '' ? null : passwordProblem(password);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    resetPassword.mutate({ account, password }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <label htmlFor={`${id}-password`} className="sr-only">
        New password for {account.email}
      </label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        className="input max-w-56"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={problem !== null}
      />
      <button type="submit" className="btn-primary" disabled={password === '' || problem !== null || resetPassword.isPending}>
        Save password
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      {(problem ?? (resetPassword.isError ? messageOf(resetPassword.error) : null)) !== null && (
        <p className="w-full text-sm font-semibold text-rose-600 dark:text-rose-400" role="alert">
          {problem ?? messageOf(resetPassword.error)}
        </p>
      )}
    </form>
  );
}

function AccountRow({ account, isSelf }: { account: StaffAccount; isSelf: boolean }) {
  const { setDisabled } = useStaffMutations();
  const [resetting, setResetting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const roleLabel: Record<Role, string> = { admin: 'Admin', staff: 'Staff' };

  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-800">
      <td className="px-3 py-2 font-semibold">
        {account.name}
        {isSelf && <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">(you)</span>}
      </td>
      <td className="px-3 py-2">{account.email}</td>
      <td className="px-3 py-2">{account.phoneNumber === '' ? '—' : account.phoneNumber}</td>
      <td className="px-3 py-2">{roleLabel[account.role]}</td>
      <td className="px-3 py-2">{account.disabled ? 'Disabled' : 'Active'}</td>
      <td className="px-3 py-2">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {!isSelf && (
              <button
                type="button"
                className="btn-secondary"
                disabled={setDisabled.isPending}
                onClick={() =>
                  setDisabled.mutate(
                    { account, disabled: !account.disabled },
                    {
                      onSuccess: () =>
                        showToast(account.disabled ? `${account.email} enabled` : `${account.email} disabled: their sessions have ended`),
                    },
                  )
                }
                aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.email}`}
              >
                {account.disabled ? 'Enable' : 'Disable'}
              </button>
            )}
            {!resetting && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setNotice(null);
                  setResetting(true);
                }}
                aria-label={`Reset password of ${account.email}`}
              >
                Reset password
              </button>
            )}
          </div>
          {resetting && (
            <ResetPasswordForm
              account={account}
              onSaved={() => {
                setResetting(false);
                setNotice('Password changed. Sessions opened with the old password have ended.');
                showToast(`Password changed for ${account.email}`);
              }}
              onCancel={() => setResetting(false)}
            />
          )}
          {setDisabled.isError && <p className="text-sm text-rose-600 dark:text-rose-400">{messageOf(setDisabled.error)}</p>}
          {notice !== null && (
            <p className="text-sm text-emerald-700 dark:text-emerald-300" role="status">
              {notice}
            </p>
          )}
        </div>
      </td>
    </tr>
  );
}

/** /staff (admins): the accounts, a form to create one, disable / enable and password reset. */
export function StaffPage() {
  const session = useSession();
  const list = useStaffList();
  const selfId = session.status === 'signed-in' ? session.user.id : null;

  return (
    <section className="flex flex-col gap-6">
      <h1 className="page-title">Staff</h1>
      <CreateAccountForm />
      <div className="card overflow-x-auto p-2">
        {list.isPending && <p className="p-3">Loading accounts…</p>}
        {list.isError && <p className="alert-error">{messageOf(list.error)}</p>}
        {list.data !== undefined && (
          <table className="w-full text-left">
            <caption className="sr-only">Accounts</caption>
            <thead>
              <tr>
                {['Name', 'Email', 'Phone number', 'Role', 'Status', 'Actions'].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 text-sm font-semibold text-slate-600 dark:text-slate-300">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((account) => (
                <AccountRow key={account.id} account={account} isSelf={account.id === selfId} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

export { StaffPage as Component };
