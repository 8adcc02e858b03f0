import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { JoinLeagueBodySchema, joinLeague, UNKNOWN_LEAGUE } from '../../../shared/leagues';
import { PAGE_META } from '../../../shared/page-meta';
import { InputField, showFieldErrors } from '../../components/form-field';
import { ApiError, callApi, errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { fieldErrorsOf } from '../../lib/field-errors';
import { isNotFound, keepLeague, useLeaguePreview } from './league-query';
import { noteLeague } from './player-note';

/**
 * A visitor holding the link: the league's name, year and size, and a nickname to join with. A
 * taken nickname (409) is said on the field. Joining makes this browser a player (the marks sync
 * starts and uploads the marks it has).
 */
export function JoinLeague({ code }: { code: string }) {
  const preview = useLeaguePreview(code, true);
  const queryClient = useQueryClient();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useDocumentTitle(preview.data === undefined ? PAGE_META.league.name : `Join ${preview.data.name}`);

  if (preview.isPending) return <p aria-busy="true">Loading the league…</p>;
  if (preview.isError) {
    return (
      <div className="flex flex-col gap-2">
        <h1 className="page-title">League not found</h1>
        <p role="alert">
          {isNotFound(preview.error) ? UNKNOWN_LEAGUE : errorMessage(preview.error, 'The league could not be loaded. Please try again.')}
        </p>
      </div>
    );
  }
  const { name, year, memberCount } = preview.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = fieldErrorsOf(JoinLeagueBodySchema.safeParse({ nickname }).error, ['nickname']).nickname;
    if (checked !== undefined) {
      showFieldErrors(form, () => setError(checked));
      return;
    }
    setBusy(true);
    setError(undefined);
    setFormError(undefined);
    try {
      const league = await callApi(joinLeague, { params: { code }, body: { nickname } });
      noteLeague(league);
      keepLeague(queryClient, league);
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 409 || failure.code === 'validation_failed')) {
        showFieldErrors(form, () => setError(failure.message));
      } else {
        setFormError(errorMessage(failure, 'Could not join the league. Please try again.'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex max-w-lg flex-col gap-4">
      <div>
        <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">You are invited to a league</p>
        <h1 className="page-title break-words">{name}</h1>
        <p className="text-slate-600 dark:text-slate-300">
          The {year} board · {memberCount} {memberCount === 1 ? 'member' : 'members'}
        </p>
      </div>
      <form className="card flex flex-col gap-3 p-4" noValidate onSubmit={(event) => void submit(event)}>
        <InputField
          id="join-nickname"
          label="Your nickname"
          hint="What the others see in the standings. No account: this browser remembers you."
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          error={error}
          autoComplete="nickname"
          maxLength={200}
        />
        {formError !== undefined && (
          <p role="alert" className="alert-error">
            {formError}
          </p>
        )}
        <button type="submit" className="btn-primary self-start" disabled={busy}>
          {busy ? 'Joining…' : 'Join the league'}
        </button>
      </form>
    </div>
  );
}
