import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';

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

const TEMPLATE_BUSY = '55006';

async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      // Two files copying the same template at the same moment: wait and try again.
      if ((error as { code?: string }).code !== TEMPLATE_BUSY || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

export type TemplateInfo = { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; template: string; runId: string };

/** A fresh, migrated database for one test file, copied from the run's template. */
export async function openTestDatabase(template: TemplateInfo): Promise<DatabaseHandle> {
  if (template.kind === 'pglite') {
    const { readFile } = await import('node:fs/promises');
    const dump = await readFile(template.dumpPath);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `${template.runId}_${randomBytes(4).toString('hex')}`;
  await createFromTemplate(template.adminUrl, name, template.template);
  const handle = openPostgres(databaseUrl(template.adminUrl, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
