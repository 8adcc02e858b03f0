import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { redeemDeviceLink } from '../../../shared/leagues';
import { ApiError, callApi, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';

type Outcome = { state: 'working' } | { state: 'done'; leagues: number } | { state: 'failed'; message: string };

// The link is used once: React's development double effects (and a re-render) must not spend it twice.
const redeeming = new Map<string, Promise<number>>();

async function redeem(token: string): Promise<number> {
  const me = await callApi(redeemDeviceLink, { params: { token } });
  // This browser's own marks go to the player as on a first sync, then the player's come back.
  await (await import('./marks-sync')).mergeIntoLinkedPlayer(me.leagues);
  return me.leagues.length;
}

/** `/me/link/:token`: binds this browser to the player who made the link, then merges the marks. */
export function DeviceLinkPage() {
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  useEffect(() => {
    let current = true;
    let pending = redeeming.get(token);
    if (pending === undefined) {
      pending = redeem(token);
      redeeming.set(token, pending);
    }
    pending.then(
      (leagues) => current && setOutcome({ state: 'done', leagues }),
      (error: unknown) => {
        if (!current) return;
        const message =
          error instanceof ApiError && error.status === 404
            ? 'This link has expired or has been used. Make a new one on your other device: Leagues → Use on another device.'
            : errorMessage(error, 'This device could not be linked. Please try again.');
        setOutcome({ state: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="page-title">Use on this device</h1>
      {outcome.state === 'working' && <p aria-busy="true">Linking this browser…</p>}
      {outcome.state === 'done' && (
        <>
          <p role="status" className="alert-success">
            This browser now plays as you: your marks are here and sync from now on
            {outcome.leagues > 0 ? `, with your ${outcome.leagues === 1 ? 'league' : `${outcome.leagues} leagues`}` : ''}.
          </p>
          <Link to={paths.leagues} className="btn-primary self-start">
            Your leagues
          </Link>
        </>
      )}
      {outcome.state === 'failed' && (
        <p role="alert" className="alert-error">
          {outcome.message}
        </p>
      )}
    </div>
  );
}

export { DeviceLinkPage as Component };
