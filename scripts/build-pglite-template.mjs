// Builds dist/server/pglite-template/: a PGlite data directory with every migration applied,
// made with the same PGlite version and start parameters the server uses. The server copies it
// into a fresh DATA_DIR instead of running initdb on the user's machine (several seconds and
// ~900 MB of memory saved on the first start), then runs any newer migrations.
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { tsImport } from 'tsx/esm/api';

const { openPglite } = await tsImport('../src/server/db/database.ts', import.meta.url);
const { migrateToLatest } = await tsImport('../src/server/db/migrate.ts', import.meta.url);

const serverDir = `${process.env.DIST_DIR ?? 'dist'}/server`;
const out = path.join(serverDir, 'pglite-template');
const work = mkdtempSync(path.join(serverDir, '.pglite-template-'));
try {
  const handle = await openPglite({ dataDir: work });
  try {
    await migrateToLatest(handle.db);
    // The server uses the one database, postgres: initdb's template0 and template1 (the sources of
    // CREATE DATABASE, which it never runs) were 600 of the template's 1,140 files and 14 of its
    // 40 MB, copied on every first start (decision 208).
    await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(handle.db);
    await sql`drop database template0`.execute(handle.db);
    await sql`drop database template1`.execute(handle.db);
    // Empty WAL and a clean shutdown: the copy starts like a database that was closed properly.
    await sql`checkpoint`.execute(handle.db);
  } finally {
    await handle.close();
  }
  rmSync(out, { recursive: true, force: true });
  renameSync(path.join(work, 'pgdata'), out);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`wrote ${out}`);
