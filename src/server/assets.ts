import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * assets/<name> (committed demo media) next to the source tree (src/server) or the bundle
 * (dist/server), else in the working directory: the first that holds `probe`.
 */
export function findAssetDir(name: string, probe: string): string | null {
  const candidates = [fileURLToPath(new URL(`../../assets/${name}/`, import.meta.url)), path.resolve('assets', name)];
  return candidates.find((dir) => existsSync(path.join(dir, probe))) ?? null;
}
