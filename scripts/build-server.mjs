// Bundles the server and the staff and boards CLIs into dist/server (server.js, staff.js, boards.js). npm packages
// stay external and are loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/server.ts', staff: 'src/server/cli/staff.ts', boards: 'src/server/cli/boards.ts' },
  outdir: `${process.env.DIST_DIR ?? 'dist'}/server`,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
