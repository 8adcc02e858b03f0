// Bundles the server and the staff and boards CLIs into dist/server (server.js, staff.js, boards.js, and the
// chunk-*.js / start-*.js files they share). npm packages are bundled too (decision 207): Node then reads a few
// files at start instead of resolving and loading some thousand from node_modules. External, loaded from
// node_modules at run time: packages that load files by path or native code (PGlite's .wasm and .data, sharp),
// and ones the server only imports on first use (S3, Stripe, Redis, pg; pg-native is pg's optional addon).
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { compressWithoutFetchClasses, staticMarkupOnly, zodEnglishOnly } from './server-bundle-plugins.mjs';

const outdir = `${process.env.DIST_DIR ?? 'dist'}/server`;
// Chunk names change with their content: an earlier build's would stay beside the new ones.
mkdirSync(outdir, { recursive: true });
for (const name of readdirSync(outdir, { withFileTypes: true })) {
  if (name.isFile() && /\.js(\.map)?$/.test(name.name)) rmSync(path.join(outdir, name.name));
}
// PGlite's worker thread (decision 208) is plain JavaScript, loaded by path from beside the bundle.
copyFileSync('src/server/db/pglite-worker.mjs', path.join(outdir, 'pglite-worker.mjs'));

const result = await build({
  entryPoints: { server: 'src/server/server.ts', staff: 'src/server/cli/staff.ts', boards: 'src/server/cli/boards.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  // server.ts imports the app (start.ts) dynamically, so that it loads while PGlite opens: its own file.
  splitting: true,
  external: ['@electric-sql/pglite', 'sharp', '@aws-sdk/*', 'stripe', 'ioredis', 'pg-native'],
  // CommonJS packages bundled into an ES module call `require` for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // The bundle is the production build: React's production code only (its development builds are
  // some 900 kB that every start would parse), and of react-dom/server only the renderToStaticMarkup
  // the server uses (its streaming renderer is another 300 kB).
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [staticMarkupOnly, zodEnglishOnly, compressWithoutFetchClasses],
  sourcemap: true,
  logLevel: 'warning',
  metafile: process.env.BUILD_SERVER_METAFILE !== undefined,
});
// BUILD_SERVER_METAFILE=<file>: what each output holds (for esbuild's analyser), e.g. to see what a chunk costs.
if (process.env.BUILD_SERVER_METAFILE !== undefined) writeFileSync(process.env.BUILD_SERVER_METAFILE, JSON.stringify(result.metafile));
