import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBoard,
  createMovie,
  getBoardEditor,
  publishBoard,
  getTmdbMovie,
  replaceMoviePoster,
  searchMovies,
  searchTmdb,
  updateBoardSlots,
  updateMovie,
  type BoardEditorState,
  type EditorBoard,
  type EditorMovie,
} from '../../../shared/boards';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { BoardsPage } from './boards-page';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

// Publishing refreshes the public boards store; its GET is not what these tests are about.
vi.mock('../../lib/boards-store', () => ({ refreshBoards: () => Promise.resolve() }));

const NOW = '2026-11-26T12:00:00.000Z';

/** Fictional movies only (decision 150's fixtures rule). */
function movie(id: string, name: string, year: number, boards: number[], extra: Partial<EditorMovie> = {}): EditorMovie {
  const src = `/media/poster-${id}-240.webp`;
  return {
    id,
    name,
    year,
    description: `${name}: a fictional film.`,
    imageURL: src,
    starDescriptionA: 'Rosa’s take',
    starRatingA: 4,
    starDescriptionB: 'Dev’s take',
    starRatingB: 3.5,
    runtime: 101,
    poster: { src, sources: [], placeholder: false },
    boards,
    freeSpace: false,
    updatedAt: NOW,
    ...extra,
  };
}

const lighthouse = movie('2026-the-quiet-lighthouse', 'The Quiet Lighthouse', 2026, [2026]);
const orchard = movie('2026-orchard-of-clocks', 'Orchard of Clocks', 2026, [2026]);
const harbour = movie('2025-harbour-of-paper', 'Harbour of Paper', 2025, []);
const freeSpace = movie('2026-free-space', 'Free Space', 2026, [2026], { freeSpace: true, runtime: 0 });

function draft2026(): EditorBoard {
  const slots: (string | null)[] = Array.from({ length: 25 }, () => null);
  slots[0] = lighthouse.id;
  slots[1] = orchard.id;
  slots[12] = freeSpace.id;
  return { year: 2026, status: 'draft', publishedAt: null, updatedAt: NOW, slots };
}

let state: BoardEditorState;

beforeEach(() => {
  fakeApi.reset();
  state = {
    boards: [draft2026(), { year: 2025, status: 'published', publishedAt: NOW, updatedAt: NOW, slots: draft2026().slots.map(() => 'x') }],
    movies: [lighthouse, orchard, freeSpace],
    tmdb: false,
  };
  // The 2025 board's squares are not shown in these tests; its movie ids only need to be valid.
  fakeApi.on(getBoardEditor, () => state);
  fakeApi.on(updateBoardSlots, ({ params, body }) => {
    const { slots } = body as { slots: (string | null)[] };
    const board = { ...draft2026(), year: Number(params.year), slots };
    return board;
  });
  fakeApi.on(searchMovies, ({ query }) => {
    const { q } = query as { q: string };
    return { items: [lighthouse, orchard, harbour].filter((found) => found.name.toLowerCase().includes(q.toLowerCase())) };
  });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BoardsPage />
    </QueryClientProvider>,
  );
}

function lastSlots(): (string | null)[] {
  const call = fakeApi.calls.filter((recorded) => recorded.method === 'PUT').at(-1);
  return (call?.body as { slots: (string | null)[] }).slots;
}

describe('the Boards page', () => {
  it('lists every year with its status and opens the newest board', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Boards' })).toBeTruthy();
    const years = await screen.findByRole('table');
    expect(
      within(years)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['YearStatusActions', '2026DraftOpen 2026', '2025PublishedOpen 2025']);
    expect(screen.getByRole('heading', { level: 2, name: /2026 board \(Draft\)/ })).toBeTruthy();
    const squares = screen.getByRole('list', { name: 'Squares of the 2026 board' });
    expect(within(squares).getAllByRole('button')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'M1: The Quiet Lighthouse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'N3: Free Space' })).toBeTruthy();
    // Publish is offered once the board is complete; until then the squares left are named.
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('squares-left').textContent).toBe(
      '22 squares left: N1, G1, O1, M2, I2 and 17 more. Fill every square to publish.',
    );
    expect(publish.getAttribute('aria-describedby')).toBe(screen.getByTestId('squares-left').id);
  });

  it('creates a board for a year, refusing one that exists', async () => {
    const user = userEvent.setup();
    fakeApi.on(createBoard, ({ body }) => {
      const board: EditorBoard = {
        ...draft2026(),
        year: (body as { year: number }).year,
        slots: draft2026().slots.map((id, i) => (i === 12 ? '2027-free-space' : null)),
      };
      state = { ...state, boards: [board, ...state.boards] };
      return board;
    });
    renderPage();
    const year = await screen.findByRole('textbox', { name: 'Year of the new board' });
    await user.clear(year);
    await user.type(year, '2025');
    await user.click(screen.getByRole('button', { name: 'New board' }));
    expect(screen.getByText('There is already a 2025 board.')).toBeTruthy();
    await user.clear(year);
    await user.type(year, '2027');
    await user.click(screen.getByRole('button', { name: 'New board' }));
    expect(await screen.findByRole('heading', { level: 2, name: /2027 board \(Draft\)/ })).toBeTruthy();
    expect(fakeApi.calls.find((call) => call.method === 'POST')?.body).toEqual({ year: 2027 });
  });

  it('fills a square from the title search', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'I2: empty' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a movie for I2' }), 'harbour');
    await user.click(await screen.findByRole('button', { name: 'Put on I2: Harbour of Paper' }));
    await waitFor(() => expect(lastSlots()[6]).toBe(harbour.id));
    expect(await screen.findByRole('button', { name: 'I2: Harbour of Paper' })).toBeTruthy();
    // A movie already on the board cannot be put on it twice.
    await user.clear(screen.getByRole('searchbox', { name: 'Find a movie for I2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a movie for I2' }), 'lighthouse');
    expect((await screen.findByRole('button', { name: 'On the board: The Quiet Lighthouse' })).hasAttribute('disabled')).toBe(true);
  });

  it('moves a square with Alt+arrow keys, announces it, keeps focus on the movie and never moves the Free Space', async () => {
    const user = userEvent.setup();
    renderPage();
    const m1 = await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse' });
    m1.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(lastSlots().slice(0, 6)).toEqual([null, orchard.id, null, null, null, lighthouse.id]));
    expect(screen.getByRole('status').textContent).toBe('Moved The Quiet Lighthouse to M2.');
    const m2 = screen.getByRole('button', { name: 'M2: The Quiet Lighthouse' });
    expect(document.activeElement).toBe(m2);

    screen.getByRole('button', { name: 'I1: Orchard of Clocks' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(lastSlots()[2]).toBe(orchard.id));
    expect(screen.getByRole('status').textContent).toBe('Moved Orchard of Clocks to N1.');
    const puts = fakeApi.calls.filter((call) => call.method === 'PUT').length;
    screen.getByRole('button', { name: 'N1: Orchard of Clocks' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{ArrowDown}{/Alt}');
    expect(screen.getByRole('status').textContent).toBe('The Free Space stays in the centre.');
    expect(fakeApi.calls.filter((call) => call.method === 'PUT')).toHaveLength(puts + 1);
    expect(lastSlots()[12]).toBe(freeSpace.id);
  });

  it('saves quick moves one at a time, in order, and keeps the later move on screen while the earlier is answered', async () => {
    const user = userEvent.setup();
    const answers: (() => void)[] = [];
    fakeApi.on(updateBoardSlots, ({ params, body }) => {
      const board = { ...draft2026(), year: Number(params.year), slots: (body as { slots: (string | null)[] }).slots };
      return new Promise((resolve) => answers.push(() => resolve(board)));
    });
    renderPage();
    (await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse' })).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(screen.getByRole('button', { name: 'I2: The Quiet Lighthouse' })).toBeTruthy();
    // The second save waits for the first one's answer.
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(fakeApi.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    answers[0]?.();
    await waitFor(() => expect(answers).toHaveLength(2));
    // The first answer (M2) did not put the square back while the second save ran.
    expect(screen.getByRole('button', { name: 'I2: The Quiet Lighthouse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'M2: empty' })).toBeTruthy();
    answers[1]?.();
    const puts = fakeApi.calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { slots: (string | null)[] }).slots);
    expect(puts.map((slots) => slots.indexOf(lighthouse.id))).toEqual([5, 6]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'I2: The Quiet Lighthouse' })).toBeTruthy());
  });

  it('shows the order the server kept when quick moves are refused, not the first refused move', async () => {
    const user = userEvent.setup();
    const refusals: (() => void)[] = [];
    fakeApi.on(updateBoardSlots, () => {
      return new Promise((_resolve, reject) =>
        refusals.push(() => reject(new ApiError(409, 'conflict', 'The 2026 board is published: unpublish it to rearrange its squares.'))),
      );
    });
    renderPage();
    (await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse' })).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    await waitFor(() => expect(refusals).toHaveLength(1));
    refusals[0]?.();
    await waitFor(() => expect(refusals).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'I2: The Quiet Lighthouse' })).toBeTruthy();
    const reads = fakeApi.calls.filter((call) => call.method === 'GET' && call.url === getBoardEditor.path).length;
    refusals[1]?.();
    // Both refused: the squares are the server's again (M1), not the first move's (M2).
    await waitFor(() => expect(screen.getByRole('button', { name: 'M1: The Quiet Lighthouse' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'M2: empty' })).toBeTruthy();
    expect(fakeApi.calls.filter((call) => call.method === 'GET' && call.url === getBoardEditor.path).length).toBeGreaterThan(reads);
    expect((await screen.findByRole('alert')).textContent).toBe('The 2026 board is published: unpublish it to rearrange its squares.');
  });

  it('offers Publish once every square is filled, confirms, and clears a refusal as soon as a square changes', async () => {
    const user = userEvent.setup();
    const reels = Array.from({ length: 22 }, (_, i) => movie(`2024-reel-${i}`, `Reel ${i}`, 2024, []));
    const unplaced = reels.map((reel) => reel.id);
    // Every square filled but O5, whose movie (Reel 21) the search finds.
    const almost = draft2026().slots.map((id, position) => (position === 24 ? null : (id ?? unplaced.shift() ?? null)));
    state = { ...state, boards: [{ ...draft2026(), slots: almost }], movies: [...state.movies, ...reels] };
    fakeApi.on(searchMovies, () => ({ items: reels.slice(21) }));
    renderPage();
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('squares-left').textContent).toBe('1 square left: O5. Fill every square to publish.');

    await user.click(screen.getByRole('button', { name: 'O5: empty' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a movie for O5' }), 'reel');
    await user.click(await screen.findByRole('button', { name: 'Put on O5: Reel 21' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('squares-left')).toBeNull();

    // The server still refuses (another organiser emptied a square meanwhile): its reason shows …
    fakeApi.on(publishBoard, () => {
      throw new ApiError(409, 'conflict', 'Fill every square before publishing: G1.');
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the 2026 board?' });
    expect(dialog.textContent).toContain('Visitors see the 2026 board at once');
    await user.click(within(dialog).getByRole('button', { name: 'Publish 2026' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Fill every square before publishing: G1.');
    // … until a square changes.
    screen.getByRole('button', { name: 'M1: The Quiet Lighthouse' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    fakeApi.on(publishBoard, () => ({ ...draft2026(), slots: lastSlots(), status: 'published' as const, publishedAt: NOW }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Publish the 2026 board?' })).getByRole('button', { name: 'Publish 2026' }));
    expect(await screen.findByRole('heading', { level: 2, name: /2026 board \(Published\)/ })).toBeTruthy();
    expect(screen.getByText('The 2026 board is published.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    // Locked: the squares no longer move.
    screen.getByRole('button', { name: 'M2: The Quiet Lighthouse' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(screen.getByRole('status').textContent).toBe('The 2026 board is published: unpublish it to rearrange its squares.');
  });

  it('shows a staff account’s 403 as a message', async () => {
    const user = userEvent.setup();
    fakeApi.on(updateBoardSlots, () => {
      throw new ApiError(403, 'forbidden', 'Only admins can change the boards.');
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse' }));
    await user.click(screen.getByRole('button', { name: 'Clear M1' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only admins can change the boards.');
    // The square is back as the server has it.
    expect(screen.getByRole('button', { name: 'M1: The Quiet Lighthouse' })).toBeTruthy();
  });

  it('adds a movie with a poster to a square, after showing what is wrong with the form', async () => {
    const user = userEvent.setup();
    const created = movie('2026-the-glass-ferry', 'The Glass Ferry', 2026, []);
    fakeApi.on(createMovie, ({ body }) => ({ ...created, ...(body as object) }));
    fakeApi.on(replaceMoviePoster, () => ({ ...created, poster: { src: '/media/poster-new-240.webp', sources: [], placeholder: false } }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'G1: empty' }));
    await user.click(screen.getByRole('button', { name: 'Add movie' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a movie to G1' });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'First rating (0–5, halves)' }), '4.3');
    await user.click(form.getByRole('button', { name: 'Add movie' }));
    expect(form.getByText('The title is required.')).toBeTruthy();
    expect(form.getByText('Ratings go in halves (0, 0.5, 1 … 5).')).toBeTruthy();
    expect(form.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(form.getByRole('textbox', { name: 'Title' }), 'The Glass Ferry');
    await user.type(form.getByRole('textbox', { name: 'Runtime (minutes)' }), '98');
    await user.clear(form.getByRole('textbox', { name: 'First rating (0–5, halves)' }));
    await user.type(form.getByRole('textbox', { name: 'First rating (0–5, halves)' }), '4.5');
    await user.type(form.getByRole('textbox', { name: 'Second rating (0–5, halves)' }), '3');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ferry.png', { type: 'image/png' });
    await user.upload(form.getByLabelText('Poster'), png);
    expect(form.getByRole('img', { name: 'Preview of the chosen poster' })).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Add movie' }));

    await waitFor(() => expect(lastSlots()[3]).toBe(created.id));
    const post = fakeApi.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'The Glass Ferry', year: 2026, runtime: 98, starRatingA: 4.5, starRatingB: 3 });
    expect(fakeApi.calls.some((call) => call.method === 'PUT' && call.url === `/api/admin/movies/${created.id}/poster`)).toBe(true);
    expect(await screen.findByRole('button', { name: 'G1: The Glass Ferry' })).toBeTruthy();
  });

  it('edits a movie on a published board without touching its squares', async () => {
    const user = userEvent.setup();
    state = { ...state, boards: [{ ...draft2026(), status: 'published', publishedAt: NOW }] };
    fakeApi.on(updateMovie, ({ body }) => ({ ...lighthouse, ...(body as object) }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse' }));
    expect(screen.queryByRole('button', { name: 'Clear M1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit The Quiet Lighthouse' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit The Quiet Lighthouse' }));
    const title = form.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'The Quiet Lighthouse Keeper');
    await user.click(form.getByRole('button', { name: 'Save movie' }));
    expect(await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse Keeper' })).toBeTruthy();
    const patch = fakeApi.calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(`/api/admin/movies/${lighthouse.id}`);
    expect(patch?.body).toMatchObject({ name: 'The Quiet Lighthouse Keeper' });
    expect(fakeApi.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('fills Add movie from TMDB when the server has TMDB, and says so when TMDB does not answer', async () => {
    const user = userEvent.setup();
    state = { ...state, tmdb: true };
    const created = movie('2026-the-copper-kite', 'The Copper Kite', 2026, []);
    fakeApi.on(searchTmdb, () => {
      throw new ApiError(503, 'service_unavailable', 'TMDB did not answer. Try again, or fill in the movie by hand.');
    });
    fakeApi.on(createMovie, ({ body }) => ({ ...created, ...(body as object) }));
    fakeApi.on(replaceMoviePoster, () => created);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'G1: empty' }));
    await user.click(screen.getByRole('button', { name: 'Add movie' }));
    const form = within(screen.getByRole('dialog', { name: 'Add a movie to G1' }));
    await user.type(form.getByRole('searchbox', { name: 'Title to find on TMDB' }), 'copper kite');
    await user.click(form.getByRole('button', { name: 'Search TMDB' }));
    expect((await form.findByRole('alert')).textContent).toBe('TMDB did not answer. Try again, or fill in the movie by hand.');

    fakeApi.on(searchTmdb, () => ({
      items: [{ tmdbId: 4242, title: 'The Copper Kite', year: 2026, overview: 'A fictional kite.', hasPoster: true }],
    }));
    fakeApi.on(getTmdbMovie, () => ({
      tmdbId: 4242,
      title: 'The Copper Kite',
      year: 2026,
      overview: 'A fictional kite.',
      hasPoster: true,
      runtime: 111,
    }));
    await user.click(form.getByRole('button', { name: 'Search TMDB' }));
    await user.click(await form.findByRole('button', { name: 'Use The Copper Kite' }));
    expect((form.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('The Copper Kite');
    expect((form.getByRole('textbox', { name: 'Runtime (minutes)' }) as HTMLInputElement).value).toBe('111');
    expect((form.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('A fictional kite.');
    expect(form.getByText('The poster of The Copper Kite is fetched from TMDB when you save.')).toBeTruthy();
    await user.type(form.getByRole('textbox', { name: 'First rating (0–5, halves)' }), '4');
    await user.type(form.getByRole('textbox', { name: 'Second rating (0–5, halves)' }), '4');
    await user.click(form.getByRole('button', { name: 'Add movie' }));
    await waitFor(() => expect(lastSlots()[3]).toBe(created.id));
    const posterCall = fakeApi.calls.find((call) => call.url === `/api/admin/movies/${created.id}/poster`);
    expect(posterCall?.body).toEqual({ tmdbId: 4242 });
  });

  it('offers no TMDB look-up without TMDB', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'G1: empty' }));
    await user.click(screen.getByRole('button', { name: 'Add movie' }));
    expect(screen.queryByRole('heading', { name: 'Find on TMDB' })).toBeNull();
  });
  it('opens a square with Enter: its panel’s heading takes the focus, Escape gives it back to the square', async () => {
    const user = userEvent.setup();
    renderPage();
    (await screen.findByRole('button', { name: 'M1: The Quiet Lighthouse' })).focus();
    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    const heading = screen.getByRole('heading', { level: 3, name: 'I2 of 2026: empty' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('button', { name: 'I2: empty' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'I2: empty' }));
  });

  it('on a phone opens a square as a bottom sheet: the focus moves into it and Close gives it back to the square', async () => {
    const user = userEvent.setup();
    const phone = vi.fn((query: string) => ({
      matches: query === '(max-width: 639.98px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    vi.stubGlobal('matchMedia', phone);
    try {
      renderPage();
      const square = await screen.findByRole('button', { name: 'G1: empty' });
      await user.click(square);
      const sheet = screen.getByRole('dialog', { name: 'G1 of 2026: empty' });
      expect(sheet.getAttribute('data-modal')).toBe('boardSquare');
      expect(within(sheet).getByRole('searchbox', { name: 'Find a movie for G1' })).toBeTruthy();
      // No panel beside the board on a phone.
      expect(screen.queryByTestId('square-panel')).toBeNull();
      await user.click(within(sheet).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(square);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('brings the editor’s heading into focus on Open {year}', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Open 2025' }));
    const heading = await screen.findByRole('heading', { level: 2, name: /2025 board \(Published\)/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
