import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { adminQuery, databaseUrl, type TemplateInfo } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TemplateInfo;
  }
}

/**
 * Migrates one template database per test run; each test file then gets its own copy
 * (PGlite: loadDataDir of a dump; PostgreSQL: CREATE DATABASE … TEMPLATE). With
 * TEST_DATABASE_URL set, the suite runs against that PostgreSQL server and drops every
 * database it created.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') {
    const runId = `mingo_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const template = `${runId}_template`;
    await adminQuery(adminUrl, `CREATE DATABASE "${template}"`);
    const handle = openPostgres(databaseUrl(adminUrl, template));
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, template, runId });
    return async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-test-template-'));
  const handle = await openPglite({});
  let dump: Blob;
  try {
    await migrateToLatest(handle.db);
    dump = await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
  const dumpPath = path.join(dir, 'template.tar.gz');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
