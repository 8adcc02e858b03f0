import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyImport,
  getLatestImportJob,
  IMPORT_TEMPLATE_PATH,
  previewImport,
  type ImportJob,
  type ImportPreview,
} from '../../../shared/boards';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { staticMovieList } from '../../test/boards-fixture';
import { ImportExport } from './import-export';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

const refreshBoards = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../lib/boards-store', () => ({ refreshBoards }));

/** A bound for the page's own polling of a running import (once a second), not a timing assertion. */
const POLLED = { timeout: 10_000 };

/** A plain movie list of one board (the 2025 board of the seed). */
function movieListFile(): File {
  const board = staticMovieList().slice(175, 200);
  return new File([JSON.stringify(board)], 'list.json', { type: 'application/json' });
}

function previewOf(status: 'draft' | 'published', overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    boards: [
      {
        year: 2025,
        action: 'update',
        currentStatus: 'published',
        status,
        moviesAdded: 0,
        moviesChanged: 2,
        placeholders: 1,
        emptySquares: [],
      },
    ],
    movies: [
      { id: '2025-anora', name: 'Anora', change: 'changed', changedFields: ['runtime', 'imageURL'], years: [2025] },
      { id: '2025-flow', name: 'Flow', change: 'changed', changedFields: ['description'], years: [2025] },
      { id: '2025-free-space', name: 'Free Space', change: 'unchanged', changedFields: [], years: [2025] },
    ],
    overwritesPublished: true,
    problems: [],
    ...overrides,
  };
}

function jobOf(overrides: Partial<ImportJob>): ImportJob {
  return {
    id: '7d1f5a3e-9c1b-4c1e-8f7a-2b3c4d5e6f70',
    state: 'running',
    phase: 'posters',
    done: 0,
    total: 100,
    years: [2025],
    publish: false,
    startedAt: '2026-11-29T02:00:00.000Z',
    finishedAt: null,
    result: null,
    error: null,
    ...overrides,
  };
}

const finishedJob = (result: ImportPreview) =>
  jobOf({ state: 'done', phase: 'finished', done: 100, finishedAt: '2026-11-29T02:01:00.000Z', result });

beforeEach(() => {
  fakeApi.reset();
  refreshBoards.mockClear();
});

function renderImport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ImportExport />
    </QueryClientProvider>,
  );
}

describe('Import', () => {
  it('previews per year and per movie, follows "Publish every imported year", and applies after the overwrite confirm', async () => {
    const user = userEvent.setup();
    fakeApi.on(getLatestImportJob, () => ({ job: null }));
    fakeApi.on(previewImport, ({ query }) => previewOf((query as { publish: boolean }).publish ? 'published' : 'draft'));
    renderImport();
    await user.upload(screen.getByLabelText('Movie list file'), movieListFile());

    const table = await screen.findByRole('table', { name: 'What importing this file does' });
    expect(table.textContent).toContain('2025UpdatePublishedDraft0210');
    expect(screen.getByText('Importing takes 2025 back to draft: visitors no longer see it.')).toBeTruthy();
    expect(screen.getByText('Changed movies (2)')).toBeTruthy();
    expect(screen.getByText(/Anora/).textContent).toBe('Anora (2025) — runtime, poster');
    expect(screen.getByText('Unchanged movies (1)')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Publish every imported year' }));
    await waitFor(() => expect(table.textContent).toContain('2025UpdatePublishedPublished'));
    expect(screen.getByText('No year is published by this import.')).toBeTruthy();
    expect(fakeApi.calls.filter((call) => call.url.startsWith('/api/admin/boards/import/preview')).map((call) => call.url)).toEqual([
      '/api/admin/boards/import/preview?publish=false',
      '/api/admin/boards/import/preview?publish=true',
    ]);

    const apply = screen.getByRole('button', { name: 'Apply import' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Overwrite published boards/ }));
    expect(apply.hasAttribute('disabled')).toBe(false);

    fakeApi.on(applyImport, () => jobOf({ publish: true }));
    let polls = 0;
    fakeApi.on(getLatestImportJob, () => {
      polls += 1;
      return { job: polls === 1 ? jobOf({ done: 40, publish: true }) : finishedJob(previewOf('published')) };
    });
    await user.click(apply);
    expect(await screen.findByText('Importing… 0 of 100 posters')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(await screen.findByText('Importing… 40 of 100 posters', {}, POLLED)).toBeTruthy();
    expect(await screen.findByText('Imported 1 board.', {}, POLLED)).toBeTruthy();
    expect(refreshBoards).toHaveBeenCalledTimes(1);
    const applied = fakeApi.calls.find((call) => call.url === '/api/admin/boards/import');
    expect(applied?.body).toMatchObject({ overwritePublished: true, publish: true });
    expect((applied?.body as { file: unknown[] }).file).toHaveLength(25);
  });

  it('finds a running import again after a reload and shows its outcome', async () => {
    let polls = 0;
    fakeApi.on(getLatestImportJob, () => {
      polls += 1;
      if (polls === 1) return { job: jobOf({ done: 12 }) };
      return {
        job: jobOf({
          state: 'failed',
          done: 12,
          finishedAt: '2026-11-29T02:01:00.000Z',
          error: {
            code: 'service_unavailable',
            message: 'The server stopped during the import, so nothing was imported: import the file again.',
          },
        }),
      };
    });
    renderImport();
    expect(await screen.findByText('Importing… 12 of 100 posters')).toBeTruthy();
    expect((await screen.findByRole('alert', {}, POLLED)).textContent).toBe(
      'The import did not finish: The server stopped during the import, so nothing was imported: import the file again.',
    );
  });

  it('shows the last import’s outcome, and says so when another import is running', async () => {
    const user = userEvent.setup();
    fakeApi.on(getLatestImportJob, () => ({ job: finishedJob(previewOf('draft', { overwritesPublished: false })) }));
    fakeApi.on(previewImport, () => previewOf('draft', { overwritesPublished: false }));
    renderImport();
    expect(await screen.findByText('Imported 1 board.')).toBeTruthy();

    await user.upload(screen.getByLabelText('Movie list file'), movieListFile());
    fakeApi.on(applyImport, () => {
      throw new ApiError(409, 'conflict', 'Another import is running: wait for it to finish, then import this file.');
    });
    fakeApi.on(getLatestImportJob, () => ({ job: jobOf({ id: 'c3b0f9a2-1d2e-4f5a-9b8c-7d6e5f4a3b2c', done: 7, years: [2030, 2031] }) }));
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Another import is running: wait for it to finish, then import this file.');
    expect(await screen.findByText('Importing… 7 of 100 posters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply import' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers the template beside the file input', async () => {
    fakeApi.on(getLatestImportJob, () => ({ job: null }));
    renderImport();
    const link = screen.getByRole('link', { name: 'Download a template' });
    expect(link.getAttribute('href')).toBe(IMPORT_TEMPLATE_PATH);
    expect(link.getAttribute('download')).toBe('mingo-board-template.json');
  });

  it('shows the problems that stop an import and offers no apply', async () => {
    const user = userEvent.setup();
    fakeApi.on(getLatestImportJob, () => ({ job: null }));
    fakeApi.on(previewImport, () => ({
      boards: [],
      movies: [],
      overwritesPublished: false,
      problems: ['Board 1 has 24 entries; a board has 25.'],
    }));
    renderImport();
    await user.upload(screen.getByLabelText('Movie list file'), movieListFile());
    expect((await screen.findByRole('alert')).textContent).toContain('Board 1 has 24 entries; a board has 25.');
    expect(screen.queryByRole('button', { name: 'Apply import' })).toBeNull();
  });

  it('refuses a file that is not a movie list before asking the server', async () => {
    const user = userEvent.setup();
    fakeApi.on(getLatestImportJob, () => ({ job: null }));
    renderImport();
    await user.upload(screen.getByLabelText('Movie list file'), new File(['{"boards": 1'], 'broken.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This file is not JSON.');
    await user.upload(screen.getByLabelText('Movie list file'), new File(['{"movies": []}'], 'other.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This file is not a movie list'));
    expect(fakeApi.calls.filter((call) => call.url.includes('/import/preview'))).toHaveLength(0);
  });
});
