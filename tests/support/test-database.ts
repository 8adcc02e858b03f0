import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/database';

/** The URL of a database named `name` on the same server as `url`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's object_in_use: a template being copied, or a database with open connections. */
const OBJECT_IN_USE = '55006';

async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      // Two files copying the same template at the same moment: wait and try again.
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

/**
 * pool.end() resolves before the server has seen every connection close; dropping WITH (FORCE)
 * at that moment kills them and the pool reports 57P01 errors. Wait for them to go instead.
 */
async function dropWhenIdle(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

let pgliteDump: { path: string; blob: Promise<Blob> } | undefined;

export type TemplateInfo = { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; template: string; runId: string };

/**
 * A fresh, migrated database for one test file, copied from the run's template. On PostgreSQL
 * `url` lets a test open a second connection pool to the same database (a second app process).
 */
export async function openTestDatabase(template: TemplateInfo): Promise<DatabaseHandle & { url?: string }> {
  if (template.kind === 'pglite') {
    // Read once per worker process: its test files share the module (isolate: false).
    if (pgliteDump?.path !== template.dumpPath) {
      const { readFile } = await import('node:fs/promises');
      pgliteDump = { path: template.dumpPath, blob: readFile(template.dumpPath).then((bytes) => new Blob([bytes])) };
    }
    return openPglite({ loadDataDir: await pgliteDump.blob });
  }
  const name = `${template.runId}_${randomBytes(4).toString('hex')}`;
  await createFromTemplate(template.adminUrl, name, template.template);
  const handle = openPostgres(databaseUrl(template.adminUrl, name));
  return {
    ...handle,
    url: databaseUrl(template.adminUrl, name),
    close: async () => {
      await handle.close();
      await dropWhenIdle(template.adminUrl, name);
    },
  };
}
