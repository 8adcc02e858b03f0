import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CreateLeagueBodySchema, createLeague, type LeagueInvite } from '../../../shared/leagues';
import { InputField, showFieldErrors } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { callApi, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { fieldErrorsOf } from '../../lib/field-errors';
import { InvitePanel } from './invite-panel';
import { NicknameField } from './nickname-join-form';
import { noteLeague } from './player-note';

type Errors = { name?: string | undefined; nickname?: string | undefined; form?: string | undefined };

/**
 * Home's "Play with friends": a league for the selected year's board (its name and your
 * nickname), then its invite. Making it makes this browser a player: the marks sync starts and
 * uploads the marks it has (sync-start.ts hears the player note).
 */
export function PlayWithFriendsDialog({ year, onClose }: { year: number; onClose: () => void }) {
  const [name, setName] = useState('');
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState<LeagueInvite | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked: Errors = fieldErrorsOf(CreateLeagueBodySchema.safeParse({ name, year, nickname }).error, ['name', 'nickname']);
    if (checked.name !== undefined || checked.nickname !== undefined) {
      showFieldErrors(form, () => setErrors(checked));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const made = await callApi(createLeague, { body: { name, year, nickname } });
      noteLeague(made);
      setInvite(made);
    } catch (error) {
      setErrors({ form: errorMessage(error, 'The league could not be made. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal name="playWithFriends" title={invite === null ? 'Play with friends' : `Invite friends to ${invite.name}`} open onClose={onClose}>
      {invite === null ? (
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Make a league for the {year} board and race your friends to a line and to the whole board, live. No account: this browser
            remembers you, and your marks sync to the league.
          </p>
          <InputField
            id="league-name"
            label="League name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            autoComplete="off"
            maxLength={200}
          />
          <NicknameField
            id="league-nickname"
            hint="What your friends see in the standings."
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
            error={errors.nickname}
          />
          {errors.form !== undefined && (
            <p role="alert" className="alert-error">
              {errors.form}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={paths.leagues} className="text-sm underline underline-offset-4" onClick={onClose}>
              Your leagues and devices
            </Link>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Making the league…' : 'Make the league'}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <InvitePanel invite={invite} />
          <Link to={paths.league(invite.code)} className="btn-primary self-start" onClick={onClose}>
            Open the league
          </Link>
        </div>
      )}
    </Modal>
  );
}
