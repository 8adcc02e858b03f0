import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AUTH_BASE_PATH, MOUNTED_AUTH_ENDPOINTS, signIn, type SignInBodySchema } from '../../shared/auth';
import type { ErrorBody, ErrorCode } from '../../shared/errors';
import type { AppContext, SessionUser } from '../context';
import { forbidden, rateLimited, notFound, unauthenticated } from '../../shared/errors';
import { parseInput } from '../http';
import { authFor, CLIENT_IP_HEADER, resolveAuthSecret, SESSION_COOKIE_PREFIX, type Auth } from './auth';
import { deviceCookieFor, deviceOf } from './device-cookie';
import { beginSignIn, pruneSignInFailures, TOO_MANY_FAILURES } from './sign-in-limits';

/**
 * The only better-auth endpoints reachable over HTTP. Everything else it offers (its admin API,
 * impersonation, sign-up, profile updates …) stays unmounted: accounts are managed through our
 * own /api/staff routes, which apply the password policy.
 */
const MOUNTED = new Map(
  MOUNTED_AUTH_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path.slice(AUTH_BASE_PATH.length)}`, endpoint]),
);

const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;

function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // request.ip is the socket address unless TRUST_PROXY lets Fastify read X-Forwarded-For.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function toSessionUser(user: {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  banned?: boolean | null;
}): SessionUser | null {
  if (user.banned === true) return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role === 'admin' ? 'admin' : 'staff' };
}

/** The account behind the request's session cookie, read from the database on every call. */
export async function sessionUserOf(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  if (cookie === undefined || !cookie.includes(SESSION_COOKIE)) return null;
  const session = await auth.api.getSession({ headers: fetchHeaders(request), query: { disableRefresh: true } });
  return session === null ? null : toSessionUser(session.user);
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'bad_request',
  429: 'rate_limited',
};

/** better-auth's `{ code, message }` errors in the app's `{ error: { code, message } }` shape. */
async function errorBody(response: Response): Promise<ErrorBody> {
  const code = STATUS_CODES[response.status] ?? (response.status >= 500 ? 'internal_error' : 'bad_request');
  if (response.status >= 500) return { error: { code, message: 'Something went wrong on our side.' } };
  let message = 'The request was refused.';
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') {
      message = parsed.message;
    }
  } catch {
    // Not JSON: keep the generic message.
  }
  return { error: { code, message } };
}

/** better-auth's answer to a wrong password; a disabled account gets the same (no password oracle). */
const INVALID_CREDENTIALS: ErrorBody = { error: { code: 'unauthenticated', message: 'Invalid email or password' } };

/**
 * better-auth puts the session token in sign-in and get-session JSON; the HttpOnly cookie is the
 * only place it belongs (a script that can read JSON must not get the session).
 */
function withoutSessionToken(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { token: _token, session, ...rest } = body as { token?: unknown; session?: unknown };
  if (typeof session !== 'object' || session === null) return session === undefined ? rest : { ...rest, session };
  const { token: _sessionToken, ...sessionRest } = session as { token?: unknown };
  return { ...rest, session: sessionRest };
}

async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  // Appended to any cookie already set on the reply (the device cookie).
  for (const cookie of cookies) reply.header('set-cookie', cookie);
  if (!response.ok) {
    return reply.type('application/json; charset=utf-8').send(await errorBody(response));
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    return reply.send(withoutSessionToken(await response.json()));
  }
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Sign-in for the whole app: `request.user` on every request from the session cookie, the
 * `config.access` rule of each route enforced before its handler, and better-auth mounted under
 * /api/auth. Registered in buildApp before the routes, after the cross-site check.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  const auth = authFor(ctx);
  const { db } = ctx.database;
  const secret = resolveAuthSecret(ctx.config);
  const secureCookies = new URL(ctx.config.publicUrl).protocol === 'https:';

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    // Only routes that need an account pay for the session lookup: public routes (media ranges,
    // catalogue, clips) behave the same for everyone and leave request.user null.
    const access = request.routeOptions.config.access;
    if (access !== 'signed-in' && access !== 'admin') return;
    // The answer depends on who asks: never stored by browsers or shared caches.
    reply.header('Cache-Control', 'no-store');
    request.user = await sessionUserOf(auth, request);
    if (request.user === null) throw unauthenticated();
    if (access === 'admin' && request.user.role !== 'admin') throw forbidden('Only admins may do this.');
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    // better-auth checks sessions and roles itself; only the endpoints in MOUNTED are reachable.
    config: { access: 'public' },
    handler: async (request, reply) => {
      const url = new URL(request.url, ctx.config.publicUrl);
      const endpoint = `${request.method} ${url.pathname.slice(AUTH_BASE_PATH.length)}`;
      const definition = MOUNTED.get(endpoint);
      if (definition === undefined) throw notFound();
      reply.header('Cache-Control', 'no-store');

      // Only what the shared definition names is passed on, checked before anything reaches the
      // database (length, control characters) or is serialized again (a 50,000-deep array is not).
      const isSignIn = definition === signIn;
      const body =
        definition.body === undefined ? undefined : parseInput(definition.body, request.body ?? {}, isSignIn ? 'sign-in' : 'body');
      const email = isSignIn ? (body as z.output<typeof SignInBodySchema>).email : undefined;
      const device = email === undefined ? null : deviceOf(secret, request.headers.cookie, email);
      const attempt = isSignIn ? await beginSignIn(db, request.ip, email, device) : null;
      if (attempt?.blocked === true) throw rateLimited(TOO_MANY_FAILURES);

      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fetchHeaders(request),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      if (attempt !== null) {
        // 403 is a disabled account with the right password: answered like a wrong one.
        if (response.status === 401 || response.status === 403) {
          await pruneSignInFailures(db);
          return reply.code(401).type('application/json; charset=utf-8').send(INVALID_CREDENTIALS);
        }
        await attempt.release();
        if (response.ok && email !== undefined) reply.header('set-cookie', deviceCookieFor(secret, email, secureCookies));
      }
      return sendResponse(reply, response);
    },
  });
}
