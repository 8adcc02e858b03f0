// Builds (`npm run build`) unless the build in DIST_DIR is newer than every input file.
// `npm test` (before the browser tests) and `npm run test:cluster` use it, so one build serves
// both, and a second `npm test` on unchanged sources does not build again (decision 160).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dist = process.env.DIST_DIR ?? 'dist';
const outputs = [`${dist}/server/server.js`, `${dist}/server/pglite-template`, `${dist}/client/index.html`];
const inputs = [
  'src',
  'public',
  'assets',
  'scripts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'pwa.config.ts',
  'tsconfig.json',
];

/** Test files are not built: changing one needs no new build. */
const isTest = (entry) => /\.test\.tsx?$/.test(entry);

function newest(entry) {
  if (!fs.existsSync(entry) || isTest(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const built = outputs.every((file) => fs.existsSync(file)) ? Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs)) : 0;
const changed = Math.max(...inputs.map(newest));
if (built > changed) {
  console.log(`ensure-build: ${dist} is newer than its sources; not rebuilding`);
} else {
  console.log(`ensure-build: building into ${dist}`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
