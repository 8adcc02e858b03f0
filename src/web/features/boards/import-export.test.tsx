import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyImport, previewImport, type ImportPreview } from '../../../shared/boards';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { staticMovieList } from '../../test/boards-fixture';
import { ImportExport } from './import-export';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

vi.mock('../../lib/boards-store', () => ({ refreshBoards: () => Promise.resolve() }));

/** A plain movie list of one board (the 2025 board of the seed). */
function movieListFile(): File {
  const board = staticMovieList().slice(175, 200);
  return new File([JSON.stringify(board)], 'list.json', { type: 'application/json' });
}

const overwriting: ImportPreview = {
  boards: [
    { year: 2025, action: 'update', currentStatus: 'published', status: 'draft', moviesAdded: 0, moviesChanged: 2, placeholders: 1 },
  ],
  overwritesPublished: true,
  problems: [],
};

beforeEach(() => {
  fakeApi.reset();
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
  it('previews a movie list and applies it only after the explicit overwrite confirm', async () => {
    const user = userEvent.setup();
    fakeApi.on(previewImport, () => overwriting);
    fakeApi.on(applyImport, () => overwriting);
    renderImport();
    await user.upload(screen.getByLabelText('Movie list file'), movieListFile());

    const table = await screen.findByRole('table', { name: 'What importing this file does' });
    expect(table.textContent).toContain('2025UpdatePublishedDraft021');
    const apply = screen.getByRole('button', { name: 'Apply import' });
    expect(apply.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /Overwrite published boards/ }));
    expect(apply.hasAttribute('disabled')).toBe(false);
    await user.click(apply);
    expect(await screen.findByText('Imported 1 board.')).toBeTruthy();
    const applied = fakeApi.calls.find((call) => call.url === '/api/admin/boards/import');
    expect(applied?.body).toMatchObject({ overwritePublished: true, publish: false });
    expect((applied?.body as { file: unknown[] }).file).toHaveLength(25);
  });

  it('shows the problems that stop an import and offers no apply', async () => {
    const user = userEvent.setup();
    fakeApi.on(previewImport, () => ({ boards: [], overwritesPublished: false, problems: ['Board 1 has 24 entries; a board has 25.'] }));
    renderImport();
    await user.upload(screen.getByLabelText('Movie list file'), movieListFile());
    expect((await screen.findByRole('alert')).textContent).toContain('Board 1 has 24 entries; a board has 25.');
    expect(screen.queryByRole('button', { name: 'Apply import' })).toBeNull();
  });

  it('refuses a file that is not a movie list before asking the server', async () => {
    const user = userEvent.setup();
    renderImport();
    await user.upload(screen.getByLabelText('Movie list file'), new File(['{"boards": 1'], 'broken.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This file is not JSON.');
    await user.upload(screen.getByLabelText('Movie list file'), new File(['{"movies": []}'], 'other.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This file is not a movie list'));
    expect(fakeApi.calls).toHaveLength(0);
  });
});
