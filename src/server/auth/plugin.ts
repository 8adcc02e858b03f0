import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, MOUNTED_AUTH_ENDPOINTS, SignInBodySchema, signIn } from '../../shared/auth';
import { BODY_LIMITS, isRawResponse, maxBodyBytesOf, type Endpoint } from '../../shared/contract';
import type { AppContext, SessionUser } from '../context';
import {
  type AppError,
  clientErrorFor,
  crossSiteRequest,
  forbidden,
  internalError,
  rateLimited,
  unauthenticated,
  validationFailed,
} from '../../shared/errors';
import { parseInput } from '../http';
import { authFor, CLIENT_IP_HEADER, resolveAuthSecret, SESSION_COOKIE_PREFIX, type Auth } from './auth';
import { deviceCookieFor, deviceOf } from './device-cookie';
import { beginSignIn, pruneSignInFailures, TOO_MANY_FAILURES } from './sign-in-limits';

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

/** better-auth's error codes that name a cause one of ours names too (used when the status agrees). */
const BETTER_AUTH_CAUSES: Record<string, (message: string) => AppError> = {
  VALIDATION_ERROR: (message) => validationFailed(message),
  MISSING_FIELD: (message) => validationFailed(message),
  BODY_MUST_BE_AN_OBJECT: (message) => validationFailed(message),
  INVALID_EMAIL: (message) => validationFailed(message),
  INVALID_ORIGIN: (message) => crossSiteRequest(message),
  MISSING_OR_NULL_ORIGIN: (message) => crossSiteRequest(message),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: (message) => crossSiteRequest(message),
};

/** better-auth's error body (`{ code?, message? }`), or nothing when it is not JSON. */
async function betterAuthError(response: Response): Promise<{ code?: string; message?: string }> {
  try {
    const parsed: unknown = await response.clone().json();
    if (typeof parsed !== 'object' || parsed === null) return {};
    return {
      ...('code' in parsed && typeof parsed.code === 'string' ? { code: parsed.code } : {}),
      ...('message' in parsed && typeof parsed.message === 'string' ? { message: parsed.message } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * better-auth's refusal as the app's error: its real status, with the code that names the
 * cause (its own code where ours has a match, else the status's generic code). 5xx stay hidden.
 */
async function errorOf(response: Response): Promise<AppError> {
  if (response.status >= 500) return internalError();
  const { code, message = 'The request was refused.' } = await betterAuthError(response);
  const known = code === undefined ? undefined : BETTER_AUTH_CAUSES[code]?.(message);
  return known?.statusCode === response.status ? known : clientErrorFor(response.status, message);
}

/** A wrong password, or the right one for a disabled account (answered alike: no password oracle). */
async function isRefusedSignIn(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  return response.status === 403 && (await betterAuthError(response)).code === 'BANNED_USER';
}

/** better-auth's answer to a wrong password. */
const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * better-auth's answer as the contract describes it. Its JSON goes through the endpoint's response
 * schema, which names only what the web app reads: everything else it sends (the session token,
 * which belongs in the HttpOnly cookie only; the session record; the user's other columns) is
 * dropped. An answer outside the schema is the server's fault: logged, and a 500.
 */
async function sendResponse(reply: FastifyReply, mounted: Endpoint, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  // Appended to any cookie already set on the reply (the device cookie).
  for (const cookie of cookies) reply.header('set-cookie', cookie);
  if (response.status === 429 && !response.headers.has('retry-after')) {
    // better-auth's flood limit names its wait in X-Retry-After only.
    reply.header('retry-after', response.headers.get('x-retry-after') ?? '60');
  }
  if (response.status >= 400) {
    const error = await errorOf(response);
    if (error.statusCode >= 500) reply.log.error({ status: response.status }, 'better-auth failed');
    return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
  }
  if (isRawResponse(mounted.response)) return reply.send(Buffer.from(await response.arrayBuffer()));
  const body: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? await response.json() : undefined;
  const parsed = mounted.response.safeParse(body);
  if (!parsed.success) {
    reply.log.error({ issues: parsed.error.issues }, `${mounted.method} ${mounted.path} answered outside its contract`);
    throw internalError();
  }
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(parsed.data));
}

/**
 * Sign-in for the whole app: `request.user` on every request from the session cookie, the
 * `config.access` rule of each route enforced before its handler, and better-auth mounted under
 * /api/auth. Registered in buildApp before the routes, after the cross-site check.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  // better-auth is loaded and built on first use (authFor keeps the instance), not here: building
  // it starts its schema check, a catalogue query that holds PGlite's one connection for ~0.3 s,
  // which the start-up tasks and /readyz would wait behind (decision 207), and loading it costs
  // the start ~0.15 s (decision 208). Requests that need it wait for both as before.
  const auth = () => authFor(ctx);
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
    request.user = await sessionUserOf(await auth(), request);
    if (request.user === null) throw unauthenticated();
    if (access === 'admin' && request.user.role !== 'admin') throw forbidden('Only admins may do this.');
  });

  const passthrough = (mounted: Endpoint) => async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, ctx.config.publicUrl);
    reply.header('Cache-Control', 'no-store');

    // Checked before anything reaches the database (length, control characters); better-auth
    // gets only the fields the contract names.
    const isSignIn = mounted === signIn;
    const body: unknown =
      mounted.body === undefined
        ? undefined
        : // No body at all is an empty one; a JSON `null` is a body, and not an object.
          parseInput(mounted.body, request.body === undefined ? {} : request.body, isSignIn ? 'sign-in' : 'body');
    const email = isSignIn ? SignInBodySchema.parse(body).email : undefined;
    const device = email === undefined ? null : deviceOf(secret, request.headers.cookie, email, secureCookies);
    const attempt = isSignIn ? await beginSignIn(db, request.ip, email, device) : null;
    if (attempt?.blocked === true) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw rateLimited(TOO_MANY_FAILURES);
    }

    const response = await (
      await auth()
    ).handler(
      new Request(url, {
        method: request.method,
        headers: fetchHeaders(request),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    if (attempt !== null) {
      if (await isRefusedSignIn(response)) {
        await pruneSignInFailures(db);
        throw unauthenticated(INVALID_CREDENTIALS);
      }
      await attempt.release();
      if (response.ok && email !== undefined) reply.header('set-cookie', deviceCookieFor(secret, email, secureCookies));
    }
    return sendResponse(reply, mounted, response);
  };

  // better-auth checks sessions and roles itself. Only the mounted endpoints are reachable, each
  // with its own body limit (decision 170); everything else it offers (its admin API, sign-up,
  // profile updates …) answers 404: accounts are managed through our /api/staff routes, which
  // apply the password policy.
  for (const mounted of MOUNTED_AUTH_ENDPOINTS) {
    app.route({
      method: mounted.method,
      url: mounted.path,
      bodyLimit: maxBodyBytesOf(mounted),
      config: { access: 'public' },
      handler: passthrough(mounted),
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    bodyLimit: BODY_LIMITS.none,
    config: { access: 'public' },
    // The app's own 404, or 405 when the path is a mounted endpoint asked with another method.
    handler: async (_request, reply) => reply.callNotFound(),
  });
}
