import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SessionUserView } from '../../../shared/auth';
import { GET_SESSION_PATH, SessionAnswerSchema } from '../../lib/first-load-schemas';

/**
 * The one session module of the web app: who is signed in, read from the server's session
 * endpoint (the cookie itself is HttpOnly). A few hundred bytes instead of better-auth's client.
 */
export type SessionState = { status: 'signed-out'; user: null } | { status: 'signed-in'; user: SessionUserView };

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

/** How long the first session answer may take before the app starts as signed out. */
export const FIRST_SESSION_TIMEOUT_MS = 3000;
/** The specification's delayed signed-in state (the auth modal uses it). */
export const SIGNED_IN_DELAY_MS = 1000;

let state: SessionState = SIGNED_OUT;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  const same = next.status === state.status && next.user?.id === state.user?.id && next.user?.role === state.user?.role;
  state = next;
  if (!same) for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

/** Called on every change of who is signed in (the app revalidates its route guards). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/**
 * The session answer, read before the first render: a plain fetch checked with the first-load twin
 * of `getSession.response`, so the full contract (and zod) is not needed to show the first page.
 */
async function fetchSession(signal?: AbortSignal): Promise<SessionState> {
  const response = await fetch(GET_SESSION_PATH, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    ...(signal === undefined ? {} : { signal }),
  });
  if (!response.ok) throw new Error(`Session request failed with HTTP ${response.status}`);
  const answer = SessionAnswerSchema.parse(await response.json());
  return answer === null ? SIGNED_OUT : { status: 'signed-in', user: answer.user };
}

/** The contract's sign-in/out endpoints and the API client, loaded when first used. */
async function authApi() {
  const [{ signIn, signOut }, { callApi }] = await Promise.all([import('../../../shared/auth'), import('../../lib/api-client')]);
  return { signIn, signOut, callApi };
}

/**
 * The first session answer, before the app renders. A slow or failing server never leaves a
 * blank page: after the timeout, or on an error, the app starts signed out.
 */
export async function loadInitialSession(timeoutMs = FIRST_SESSION_TIMEOUT_MS): Promise<SessionState> {
  try {
    setState(await fetchSession(AbortSignal.timeout(timeoutMs)));
  } catch (error) {
    console.warn('Could not read the session; starting signed out.', error);
    setState(SIGNED_OUT);
  }
  return state;
}

export async function signInWithPassword(email: string, password: string): Promise<SessionState> {
  const { signIn, callApi } = await authApi();
  await callApi(signIn, { body: { email, password } });
  setState(await fetchSession());
  return state;
}

export async function signOutNow(): Promise<void> {
  try {
    const { signOut, callApi } = await authApi();
    await callApi(signOut, { body: {} });
  } finally {
    setState(SIGNED_OUT);
  }
}

/** Signed in or not, with changes passed on `delayMs` later (the first value is immediate). */
export function useDelayedSignedIn(delayMs = SIGNED_IN_DELAY_MS): boolean {
  const signedIn = useSession().status === 'signed-in';
  const [delayed, setDelayed] = useState(signedIn);
  useEffect(() => {
    if (delayed === signedIn) return undefined;
    const timer = setTimeout(() => setDelayed(signedIn), delayMs);
    return () => clearTimeout(timer);
  }, [signedIn, delayed, delayMs]);
  return delayed;
}
