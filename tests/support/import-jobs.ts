import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { ImportJobSchema, type ImportJob } from '../../src/shared/boards';

/**
 * The bound of a wait for a board import to finish (decision 194): placeholder posters take about
 * a quarter of a second each on an idle 2-core machine, several times that on a loaded one.
 */
export const IMPORT_FINISHES = { timeout: 50_000, interval: 50 } as const;

/** Starts a board import with this body (the file and its options), as the admin's page posts it. */
export function startImport(app: FastifyInstance, headers: Record<string, string>, body: object) {
  return app.inject({ method: 'POST', url: '/api/admin/boards/import', headers, payload: body });
}

/** An import job as the API answers it (asserting the 200). */
export async function importJob(app: FastifyInstance, headers: Record<string, string>, id: string): Promise<ImportJob> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/boards/import/jobs/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return ImportJobSchema.parse(response.json());
}

/** Waits until the job `id` is no longer running and answers it. */
export async function finished(target: { app: FastifyInstance }, headers: Record<string, string>, id: string): Promise<ImportJob> {
  return vi.waitFor(async () => {
    const job = await importJob(target.app, headers, id);
    if (job.state === 'running') throw new Error(`import ${id} still running: ${job.phase} ${job.done}/${job.total}`);
    return job;
  }, IMPORT_FINISHES);
}

/** The latest import, as a reloaded admin page asks for it (asserting the 200); asking also ends one whose server died. */
export async function latestImport(app: FastifyInstance, headers: Record<string, string>): Promise<ImportJob | null> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/boards/import/jobs/latest', headers });
  expect(response.statusCode).toBe(200);
  return ImportJobSchema.nullable().parse(response.json<{ job: unknown }>().job);
}

/**
 * Waits until the latest import is no longer running. For an afterEach: a test that fails
 * mid-import leaves its job running, and every import the next tests start would then be refused
 * with a 409.
 */
export async function settled(target: { app: FastifyInstance }, headers: Record<string, string>): Promise<void> {
  await vi.waitFor(async () => {
    const job = await latestImport(target.app, headers);
    if (job?.state === 'running') throw new Error(`import ${job.id} still running: ${job.phase} ${job.done}/${job.total}`);
  }, IMPORT_FINISHES);
}
