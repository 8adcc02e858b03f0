import { createHash, randomBytes } from 'node:crypto';
import { PLAYER_COOKIE } from '../../shared/leagues';

/**
 * A player's key (DESIGN §10): 256 random bits that only the player's browsers hold, in the
 * httpOnly `mingo_player` cookie. The database keeps its SHA-256 alone, so a leaked database
 * row cannot be turned back into a working cookie. Device-link tokens are made the same way.
 */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Whether `text` has the shape of a key or token (43 base64url characters): anything else is looked up nowhere. */
export function isSecret(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** The player key in a Cookie header, or null. */
export function playerKeyOf(cookieHeader: string | undefined): string | null {
  if (cookieHeader === undefined || cookieHeader.length > 16_384) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== PLAYER_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    if (isSecret(value)) return value;
  }
  return null;
}

/** The Set-Cookie value that makes a browser this player (httpOnly, SameSite=Lax, Secure on HTTPS, ~400 days). */
export function playerCookie(key: string, secure: boolean): string {
  const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return `${PLAYER_COOKIE}=${key}; ${attributes.join('; ')}`;
}

/** The Set-Cookie value that makes a browser forget its player. */
export function clearedPlayerCookie(secure: boolean): string {
  return `${PLAYER_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
