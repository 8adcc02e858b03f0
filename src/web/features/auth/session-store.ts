import { useEffect, useState, useSyncExternalStore } from 'react';
import { getSession, signIn, signOut, type SessionUserView } from '../../../shared/auth';
import { callApi } from '../../lib/api-client';

/**
 * The one session module of the web app: who is signed in, read from the server's session
 * endpoint (the cookie itself is HttpOnly). A few hundred bytes instead of better-auth's client.
 */
export type SessionState =
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUserView };

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

async function fetchSession(signal?: AbortSignal): Promise<SessionState> {
  const answer = await callApi(getSession, signal === undefined ? {} : { signal });
  return answer === null ? SIGNED_OUT : { status: 'signed-in', user: answer.user };
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
  await callApi(signIn, { body: { email, password } });
  setState(await fetchSession());
  return state;
}

export async function signOutNow(): Promise<void> {
  try {
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
