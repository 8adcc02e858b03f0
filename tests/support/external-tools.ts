// Programs outside npm that some server tests drive. A contributor without them still gets a
// green `npm test` (those tests skip, and say so once); CI (CI=true) installs them and fails
// instead of skipping (decision 160).
import { spawnSync } from 'node:child_process';

/** Printed once per run when nginx is missing (and .ci/run checks for it). */
export const NGINX_MISSING =
  'nginx not found on PATH: skipping the tests that need it (media-delivery.test.ts); install it with `sudo apt-get install nginx-light` (or set NGINX_BIN)';

/** NGINX_BIN, or `nginx` on PATH, if it runs. */
export function findNginx(): string | null {
  const candidate = process.env.NGINX_BIN || 'nginx';
  const version = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
  return version.error === undefined && version.status === 0 ? candidate : null;
}

/**
 * For a test file, given `inject('nginx')`: the nginx binary, `skip` when it is missing outside CI, and a thrown error when
 * it is missing under CI=true (so CI can never pass by skipping).
 */
export function requireNginx(nginx: string | null): { nginx: string; skip: false } | { nginx: null; skip: true } {
  if (nginx !== null) return { nginx, skip: false };
  if (process.env.CI === 'true') throw new Error(`CI=true, so tests that need nginx fail instead of skipping: ${NGINX_MISSING}`);
  return { nginx: null, skip: true };
}
