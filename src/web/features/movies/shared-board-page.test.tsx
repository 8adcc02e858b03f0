import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeShareCode } from '../../../domain/share-code';
import type { PublicBoard } from '../../../shared/boards';
import type * as BoardsStore from '../../lib/boards-store';
import { watchedStore } from '../../lib/watched-store';
import { fictionalBoard } from '../../test/boards-fixture';
import { renderRoutes } from '../../test/render-routes';
import { SharedBoardPage } from './shared-board-page';

const YEAR = 2030;

/** The one published board of these tests: 25 made-up films (src/web/test/boards-fixture.ts). */
const BOARD_2030: PublicBoard = fictionalBoard(YEAR);

// The page reads the published boards' store; each test says what it holds (loaded, loading, failed).
const store = vi.hoisted(() => ({ current: { boards: [] as PublicBoard[], isPending: false } }));
vi.mock('../../lib/boards-store', async (importOriginal) => ({
  ...(await importOriginal<typeof BoardsStore>()),
  useBoards: () => store.current,
}));

/** Their marks: the whole first row (M1…O1) and I2; the Free Space is always marked. */
const THEIR_SEEN = Array.from({ length: 25 }, (_, cell) => cell < 5 || cell === 6);
const CODE = encodeShareCode(YEAR, THEIR_SEEN);

beforeEach(() => {
  store.current = { boards: [BOARD_2030], isPending: false };
  document.title = '';
});

function renderShared(code: string) {
  return renderRoutes(
    [
      { path: '/', element: <h1>Home boards</h1> },
      { path: '/share/:code', element: <SharedBoardPage /> },
    ],
    `/share/${code}`,
  );
}

const square = (name: string) => screen.getByRole('img', { name });

describe('the shared board page', () => {
  it('shows the shared year’s board read-only, with their seen marks, summary and completed lines', () => {
    renderShared(CODE);
    expect(screen.getByRole('heading', { level: 1, name: 'A shared 2030 board' })).toBeDefined();
    expect(screen.getByTestId('shared-summary').textContent).toBe('2030 · 6/24 · 1 line');
    expect(document.title).toBe('Shared board 2030 · 6/24 · 1 line · MINGO');
    expect(screen.getByText(/Read-only: this is someone else’s board\./)).toBeDefined();
    const board = screen.getByRole('list', { name: 'Shared 2030 board' });
    expect(within(board).getAllByRole('listitem')).toHaveLength(25);
    expect(square('Film 2030 0, M1, seen')).toBeDefined();
    expect(square('Film 2030 4, O1, seen')).toBeDefined();
    expect(square('Film 2030 6, I2, seen')).toBeDefined();
    expect(square('Film 2030 5, M2, not seen')).toBeDefined();
    expect(square('Free Space, N3, free square')).toBeDefined();
    expect(board.querySelectorAll('[data-seen="true"]')).toHaveLength(7);
    const chips = screen.getByRole('list', { name: 'Completed lines' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Row 1']);
  });

  it('calls a board with every square seen a blackout', () => {
    renderShared(
      encodeShareCode(
        YEAR,
        Array.from({ length: 25 }, () => true),
      ),
    );
    expect(screen.getByTestId('shared-summary').textContent).toBe('2030 · 24/24 · blackout');
    const chips = screen.getByRole('list', { name: 'Completed lines' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Blackout!']);
  });

  it('compares their marks with the visitor’s own, without changing the visitor’s marks', async () => {
    // The visitor has seen M1 and I1 (seen by both), N2 (only the visitor) and a film of another year.
    const mine = ['2030-0', '2030-1', '2030-7', '2029-3'];
    watchedStore.set(mine);
    const { user } = renderShared(CODE);
    expect(screen.queryByText(/You have both seen/)).toBeNull();
    expect(screen.queryAllByTestId('compare-badge')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Compare with mine' }));
    const hide = screen.getByRole('button', { name: 'Show their board only' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('You have both seen 2 of 24.').getAttribute('role')).toBe('status');
    expect(screen.getByText('Blue: seen by both of you.')).toBeDefined();
    expect(square('Film 2030 0, M1, seen by both of you')).toBeDefined();
    expect(square('Film 2030 1, I1, seen by both of you')).toBeDefined();
    expect(square('Film 2030 2, N1, seen by them')).toBeDefined();
    expect(square('Film 2030 7, N2, seen by you')).toBeDefined();
    expect(square('Film 2030 8, G2, not seen')).toBeDefined();
    expect(square('Free Space, N3, seen by both of you')).toBeDefined();
    // A badge on every square someone has seen: 3 both (with the Free Space), 4 theirs, 1 mine.
    expect(screen.getAllByTestId('compare-badge')).toHaveLength(8);

    await user.click(hide);
    expect(screen.getByRole('button', { name: 'Compare with mine' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText(/You have both seen/)).toBeNull();
    expect(square('Film 2030 7, N2, not seen')).toBeDefined();
    expect(watchedStore.get()).toEqual(mine);
  });

  it.each([
    ['is too short', 'ABC', 'A share code has 6 characters; this one has 3.'],
    ['has a character no code uses', 'AB*CDE', 'A share code uses only letters, digits, "-" and "_".'],
    ['is damaged', `${CODE.slice(0, 5)}B`, 'This share code is damaged.'],
    ['is for a year with no published board', encodeShareCode(2031, THEIR_SEEN), 'This share code is for 2031, which has no board.'],
  ])('says why a link that %s does not work, and leads back to the boards', async (_, code, message) => {
    const { router, user } = renderShared(code);
    expect(screen.getByRole('heading', { level: 1, name: 'This share link does not work' })).toBeDefined();
    expect(screen.getByText(message)).toBeDefined();
    expect(document.title).toBe('Shared board not found · MINGO');
    expect(screen.queryByRole('list', { name: /Shared .* board/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compare with mine' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to the boards' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Home boards' })).toBeDefined();
  });

  it('shows a well-formed link’s summary with a loading message until the boards are in', () => {
    store.current = { boards: [], isPending: true };
    renderShared(encodeShareCode(2031, THEIR_SEEN));
    expect(screen.getByRole('heading', { level: 1, name: 'A shared 2031 board' })).toBeDefined();
    expect(screen.getByTestId('shared-summary').textContent).toBe('2031 · 6/24 · 1 line');
    expect(screen.getByText('Loading the board…')).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Shared 2031 board' })).toBeNull();
    // Nothing to compare with yet: the visitor's marks are matched against the board's movies.
    expect(screen.queryByRole('button', { name: 'Compare with mine' })).toBeNull();
  });

  it('says the boards are not available when they cannot be loaded', () => {
    store.current = { boards: [], isPending: false };
    renderShared(CODE);
    expect(screen.getByRole('heading', { level: 1, name: 'A shared 2030 board' })).toBeDefined();
    expect(screen.getByTestId('shared-summary').textContent).toBe('2030 · 6/24 · 1 line');
    expect(screen.getByText('The movie boards are not available right now.')).toBeDefined();
    expect(screen.queryByText('Loading the board…')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Shared 2030 board' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compare with mine' })).toBeNull();
  });

  it('invites the visitor to play their own boards', async () => {
    const { router, user } = renderShared(CODE);
    await user.click(screen.getByRole('link', { name: 'Play your own boards' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Home boards' })).toBeDefined();
  });
});
