// Source maps stay with the build for debugging (dist/sourcemaps/) but out of the tree the
// server serves (dist/client), so no URL trick can fetch them. Vite writes them without a
// `sourceMappingURL` comment (`sourcemap: 'hidden'`).
import { promises as fs } from 'node:fs';
import path from 'node:path';

const dist = process.env.DIST_DIR ?? 'dist';
const from = path.join(dist, 'client');
const to = path.join(dist, 'sourcemaps');

async function* maps(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* maps(full);
    else if (entry.name.endsWith('.map')) yield full;
  }
}

await fs.rm(to, { recursive: true, force: true });
let count = 0;
for await (const file of maps(from)) {
  const target = path.join(to, path.relative(from, file));
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(file, target);
  count += 1;
}
console.log(`moved ${count} source maps to ${to}`);
