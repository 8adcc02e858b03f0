import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { completeSetup, SETUP_LINK_USED, setupStatus, type SetupBody } from '../../../shared/setup';
import { callApi, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { AccountFields, accountTextOf, PasswordRule } from './account-fields';
import { openAuthModal } from './auth-modal-state';

/**
 * /setup?token=…: creates the first admin account from the one-time link the server logs when
 * no admin exists (decision 070). The same fields and password rules as the Staff page.
 */
export function SetupPage() {
  const id = useId();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const setup = useMutation({ mutationFn: (body: SetupBody) => callApi(completeSetup, { body }) });
  // Once an admin exists every link has been used: say so instead of offering a form that can
  // only be refused. Unknown (loading, failed): the form, refused by the server if need be.
  const status = useQuery({ queryKey: ['setup-status'], queryFn: ({ signal }) => callApi(setupStatus, { signal }), enabled: token !== '' });
  const used = !setup.isSuccess && status.data?.open === false;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setup.mutate({ token, ...accountTextOf(new FormData(event.currentTarget)) });
  };

  if (setup.isSuccess) {
    return (
      <section className="mx-auto flex max-w-xl flex-col gap-4 py-10">
        <h1 className="text-3xl font-bold">First admin</h1>
        <p className="alert-success">Admin account created for {setup.data.email}. You can now sign in with the Login link.</p>
        <div>
          <Link to={paths.home} className="btn-primary">
            Back to the boards
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 py-10">
      <h1 className="text-3xl font-bold">First admin</h1>
      {token === '' ? (
        <p className="alert-error" role="alert">
          This page needs the one-time setup link that the server prints in its log when no admin exists.
        </p>
      ) : used ? (
        <p className="card p-5">
          {SETUP_LINK_USED}{' '}
          <button type="button" className="font-semibold underline underline-offset-4" onClick={openAuthModal}>
            Sign in instead.
          </button>
        </p>
      ) : (
        <form onSubmit={submit} className="card flex flex-col gap-4 p-5" aria-label="Create the first admin">
          <fieldset disabled={setup.isPending} className="grid gap-4 sm:grid-cols-2">
            <AccountFields idPrefix={id} forSelf />
          </fieldset>
          <PasswordRule />
          <div>
            <button type="submit" className="btn-primary" disabled={setup.isPending}>
              Create admin account
            </button>
          </div>
          <div aria-live="polite">
            {setup.isError && (
              <p className="alert-error" role="alert">
                {errorMessage(setup.error, 'An unexpected error occured. Please try again shortly.')}
              </p>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

export { SetupPage as Component };
