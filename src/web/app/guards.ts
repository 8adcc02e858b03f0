import { data, redirect } from 'react-router';
import { getSessionState } from '../features/auth/session-store';
import { AdminsOnly } from '../features/auth/admins-only';
import { paths } from '../lib/paths';

/**
 * Route guards for authOnly pages. Use them in route objects:
 *   { path: paths.upload, ...signedInOnly, lazy: () => import('…') }
 *   { path: paths.orders, ...adminOnly, lazy: () => import('…') }
 * A signed-out visitor is sent to `/`; staff on an admin page see an "admins only" state. The
 * server checks every call again: these only keep the pages honest.
 */
export function requireSignedIn(): null {
  if (getSessionState().status !== 'signed-in') throw redirect(paths.home);
  return null;
}

export const ADMINS_ONLY_STATUS = 403;

export function requireAdmin(): null {
  const session = getSessionState();
  if (session.status !== 'signed-in') throw redirect(paths.home);
  if (session.user.role !== 'admin') throw data({ reason: 'admins-only' }, { status: ADMINS_ONLY_STATUS });
  return null;
}

/** `handle.authOnly` marks the route for the logout rule ("logging out on an authOnly route goes to /"). */
export const signedInOnly = { loader: requireSignedIn, handle: { authOnly: true } } as const;
export const adminOnly = { loader: requireAdmin, ErrorBoundary: AdminsOnly, handle: { authOnly: true } } as const;
