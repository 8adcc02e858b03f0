import { useEffect, useReducer, useRef, useState } from 'react';
import { feedText } from '../../../domain/leagues';
import { endpointUrl } from '../../../shared/contract';
import { feedItemsOf, LEAGUE_EVENT_NAMES, LeagueEventSchemas, leagueEvents, type League, type LeagueEvent } from '../../../shared/leagues';
import { showToast } from '../../components/toast';
import { leagueReducer, liveLeague, type LeagueAction, type LiveLeague } from './league-state';

export type Connection = 'live' | 'reconnecting';

/** Waits before opening the stream again after the browser gave it up (a 4xx/5xx answer); the last one repeats. */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;

/**
 * One event of the stream as the browser hands it over, checked against the contract (null when
 * it does not fit). Its id is the browser's last event id: a `standing` message, which has none,
 * carries the one before it (or 0).
 */
export function parseLeagueEvent(name: string, message: MessageEvent<unknown>): LeagueEvent | null {
  const id = Number(message.lastEventId);
  if (!Number.isInteger(id) || id < 0 || typeof message.data !== 'string') return null;
  const schema = LeagueEventSchemas[name as keyof typeof LeagueEventSchemas] as
    (typeof LeagueEventSchemas)[keyof typeof LeagueEventSchemas] | undefined;
  if (schema === undefined) return null;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? ({ id, name, data: parsed.data } as LeagueEvent) : null;
}

/** A line or MINGO by someone else is also a toast. */
function toastOf(event: LeagueEvent, youId: string): string | null {
  if (event.name !== 'marks' || event.data.memberId === youId) return null;
  const items = feedItemsOf(event).filter((item) => item.kind === 'line' || item.kind === 'mingo');
  const last = items[items.length - 1];
  return last === undefined ? null : feedText(last);
}

/**
 * A league kept live: the page's GET answer, then every event of `GET …/events` from its
 * `lastEventId` on (the browser's EventSource resumes by itself with Last-Event-ID after a drop).
 * When the browser gives the stream up (an error answer: the league closed, the member removed, the
 * code changed), `onStreamRefused` says whether to open it again (it reads the league anew).
 */
export function useLeagueLive(initial: League, onStreamRefused: () => Promise<boolean>) {
  const [league, dispatch] = useReducer(leagueReducer, initial, liveLeague);
  const [connection, setConnection] = useState<Connection>('reconnecting');
  const [opened, setOpened] = useState(0);
  // The last event applied (events are applied in order, once each) and the member this browser is.
  const applied = useRef(league.lastEventId);
  const youId = league.youId;
  const refused = useRef(onStreamRefused);
  useEffect(() => {
    refused.current = onStreamRefused;
  });

  const open = league.status === 'open';
  const { code } = league;
  useEffect(() => {
    if (!open) return undefined;
    const url = endpointUrl(leagueEvents.path, { code }, { lastEventId: applied.current });
    const source = new EventSource(url);
    let reopen: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('open', () => setConnection('live'));
    source.addEventListener('error', () => {
      setConnection('reconnecting');
      if (source.readyState !== EventSource.CLOSED) return;
      // The browser will not try again by itself: find out why, then open a new stream.
      const delay = REOPEN_DELAYS_MS[Math.min(opened, REOPEN_DELAYS_MS.length - 1)];
      reopen = setTimeout(() => {
        void refused.current().then((again) => {
          if (again) setOpened((count) => count + 1);
        });
      }, delay);
    });
    for (const name of LEAGUE_EVENT_NAMES) {
      source.addEventListener(name, (message) => {
        const event = parseLeagueEvent(name, message);
        if (event === null) {
          console.warn(`Ignoring a league event that does not fit the contract: ${name}`);
          return;
        }
        // A community league's standings have no id of their own (the browser repeats the last
        // one): each is the whole standings of its tick, taken as it comes.
        if (event.name !== 'standing') {
          if (event.id <= applied.current) return;
          applied.current = event.id;
          if (event.name === 'reset') applied.current = Math.max(event.id, event.data.league.lastEventId);
        }
        dispatch({ type: 'event', event, receivedAt: new Date().toISOString() });
        const toast = toastOf(event, youId);
        if (toast !== null) showToast(toast);
        if (event.name === 'closed') source.close();
      });
    }
    return () => {
      source.close();
      if (reopen !== undefined) clearTimeout(reopen);
    };
  }, [code, open, opened, youId]);

  const act = (action: LeagueAction) => {
    if (action.type === 'loaded') applied.current = Math.max(applied.current, action.league.lastEventId);
    dispatch(action);
  };
  return { league, connection: open ? connection : null, dispatch: act } as const;
}

export type { LiveLeague };
