import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEventHandler, type FormEvent } from 'react';
import { JoinLeagueBodySchema, joinLeague, type League } from '../../../shared/leagues';
import { InputField, showFieldErrors } from '../../components/form-field';
import { ApiError, callApi, errorMessage } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/field-errors';
import { keepLeague } from './league-query';
import { noteLeague } from './player-note';

type NicknameFieldProps = {
  id: string;
  /** Who sees the nickname, said under the field. */
  hint: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error: string | undefined;
};

/** "Your nickname": what a player is called in a league (the contract checks it; 200 typed at most). */
export function NicknameField({ id, hint, value, onChange, error }: NicknameFieldProps) {
  return (
    <InputField
      id={id}
      label="Your nickname"
      hint={hint}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="nickname"
      maxLength={200}
    />
  );
}

type NicknameJoinFormProps = {
  /** The league's code. */
  code: string;
  /** The nickname field's id. */
  id: string;
  hint: string;
  /** The button's words while it is not busy. */
  submitLabel: string;
  className: string;
  /** After the join is noted and its league kept in the query cache. */
  onJoined?: (league: League) => void;
};

/**
 * Joins a league with a nickname. The nickname is checked with the contract's words first; a
 * taken one (409) or one the server refuses is said on the field, anything else above the button.
 * The first join makes this browser a player (the marks sync starts and uploads the marks it has).
 */
export function NicknameJoinForm({ code, id, hint, submitLabel, className, onJoined }: NicknameJoinFormProps) {
  const queryClient = useQueryClient();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
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
      const joined = await callApi(joinLeague, { params: { code }, body: { nickname } });
      noteLeague(joined);
      keepLeague(queryClient, joined);
      onJoined?.(joined);
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
    <form className={className} noValidate onSubmit={(event) => void submit(event)}>
      <NicknameField id={id} hint={hint} value={nickname} onChange={(event) => setNickname(event.target.value)} error={error} />
      {formError !== undefined && (
        <p role="alert" className="alert-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={busy}>
        {busy ? 'Joining…' : submitLabel}
      </button>
    </form>
  );
}
