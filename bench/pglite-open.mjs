// The reference of bench/startup.mjs: PGlite alone opening a data directory with the server's
// own start parameters, then answering one query; prints `ready` and exits. A process of its own,
// so that it is measured from spawn to ready exactly as the server is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const startParams = JSON.parse(readFileSync(new URL('../src/server/db/pglite-start-params.json', import.meta.url), 'utf8'));
const db = await PGlite.create({ dataDir: path.join(process.argv[2], 'pgdata'), startParams });
await db.query('select 1');
process.stdout.write('ready\n');
await db.close();
