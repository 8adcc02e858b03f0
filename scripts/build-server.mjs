// Bundles the server (and its CLI) into dist/server. npm packages stay external and are
// loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/server.ts' },
  outdir: `${process.env.DIST_DIR ?? 'dist'}/server`,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
