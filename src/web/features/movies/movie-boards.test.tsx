import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BoardMovie, PublicBoard } from '../../../shared/boards';
import type * as BoardsStore from '../../lib/boards-store';
import { MovieBoards } from './movie-boards';
import { watchedStore } from '../../lib/watched-store';

const TEST_YEARS = [2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018];

function testMovie(year: number, cell: number): BoardMovie {
  const imageURL = `/media/posters/${year}-${cell}/w200.webp`;
  return {
    id: `${year}-${cell}`,
    name: cell === 12 ? 'Free Space' : `Film ${year}-${cell}`,
    year,
    description: 'A test film.',
    imageURL,
    starDescriptionA: 'A',
    starRatingA: 4,
    starDescriptionB: 'B',
    starRatingB: 3.5,
    runtime: cell === 12 ? 0 : 127,
    poster: {
      src: imageURL,
      sources: [
        { type: 'image/avif', srcset: `/media/posters/${year}-${cell}/w120.avif 120w, /media/posters/${year}-${cell}/w240.avif 240w` },
        { type: 'image/webp', srcset: `/media/posters/${year}-${cell}/w120.webp 120w, /media/posters/${year}-${cell}/w240.webp 240w` },
      ],
      placeholder: false,
    },
  };
}

/** Published boards, newest first, as GET /api/boards answers: 2026 reuses one 2018 film (B1 → M1). */
function testBoards(): PublicBoard[] {
  return TEST_YEARS.map((year) => ({
    year,
    publishedAt: `${year}-05-01T00:00:00.000Z`,
    movies: Array.from({ length: 25 }, (_, cell) => (year === 2026 && cell === 0 ? testMovie(2018, 0) : testMovie(year, cell))),
  }));
}

// The boards read the published boards' store; here it holds generated boards, already loaded.
vi.mock('../../lib/boards-store', async (importOriginal) => {
  let loaded: { boards: PublicBoard[]; isPending: boolean } | undefined;
  return { ...(await importOriginal<typeof BoardsStore>()), useBoards: () => (loaded ??= { boards: testBoards(), isPending: false }) };
});

function renderBoards() {
  return render(<MovieBoards pick={{ letter: 'G', number: 2 }} />);
}

describe('MovieBoards', () => {
  it('shows the newest published year first with 25 cells, progress on the tabs and the random pick highlighted', () => {
    watchedStore.set(['2024-0', '2024-1']);
    renderBoards();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.slice(0, 4))).toEqual(TEST_YEARS.map(String));
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs[2]?.textContent).toContain('2/24');
    const panel = screen.getByRole('tabpanel');
    expect(panel.querySelectorAll('[data-cell]')).toHaveLength(25);
    expect(panel.querySelector('[data-picked="true"]')?.getAttribute('data-cell')).toBe('G2');
  });

  it('names the picked movie with a button that opens its card', async () => {
    renderBoards();
    const pickedName = screen.getByTestId('pick-name');
    const square = screen.getByRole('tabpanel').querySelector('[data-picked="true"]');
    const title = square?.getAttribute('aria-label')?.split(',')[0] ?? '';
    const open = within(pickedName).getByRole('button', { name: new RegExp(`^G2 — ${title}`) });
    fireEvent.click(open);
    expect(await screen.findByRole('dialog', { name: title })).toBeDefined();
  });

  it('draws posters as <picture> with the renditions, sizes and a reserved 2:3 box, lazily below the first rows', () => {
    renderBoards();
    const panel = screen.getByRole('tabpanel');
    const pictures = panel.querySelectorAll('picture');
    expect(pictures).toHaveLength(25);
    const sources = [...(pictures[24]?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe('/media/posters/2026-24/w120.avif 120w, /media/posters/2026-24/w240.avif 240w');
    expect(sources[0]?.getAttribute('sizes')).toMatch(/vw/);
    const first = pictures[0]?.querySelector('img');
    const last = pictures[24]?.querySelector('img');
    expect([first?.getAttribute('width'), first?.getAttribute('height')]).toEqual(['200', '300']);
    expect(first?.getAttribute('src')).toBe('/media/posters/2018-0/w200.webp');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(last?.getAttribute('loading')).toBe('lazy');
  });

  it('counts one seen mark on every board the movie sits on', () => {
    watchedStore.set(['2018-0']);
    renderBoards();
    expect(screen.getByRole('tab', { name: /^2026/ }).textContent).toContain('1/24');
    expect(screen.getByRole('tab', { name: /^2018/ }).textContent).toContain('1/24');
  });

  it('moves between tabs with the arrow keys', () => {
    renderBoards();
    fireEvent.keyDown(screen.getByRole('tab', { name: /^2026/ }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /^2025/ }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^2025/ }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Home' });
    expect(screen.getByRole('tab', { name: /^2026/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('marks a movie seen from its card and celebrates a newly completed column', async () => {
    watchedStore.set(['2025-2', '2025-7', '2025-17']); // column N without its last square; the centre is free
    renderBoards();
    fireEvent.click(screen.getByRole('tab', { name: /^2025/ }));
    const panel = screen.getByRole('tabpanel');
    expect(panel.querySelectorAll('[data-bingo="true"]')).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: /^Film 2025-22,/ }));
    // The movie card is its own chunk, loaded when a poster is first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Film 2025-22' });
    expect(dialog.textContent).toContain('2h 7m');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seen it' }));

    expect(watchedStore.get()).toEqual(['2025-2', '2025-7', '2025-17', '2025-22']);
    expect(screen.getByTestId('celebration').textContent).toContain('Column N complete on the 2025 board.');
    expect([...panel.querySelectorAll('[data-bingo="true"]')].map((cell) => cell.getAttribute('data-cell'))).toEqual([
      'N1',
      'N2',
      'N3',
      'N4',
      'N5',
    ]);
    expect(screen.getByRole('tab', { name: /^2025/ }).textContent).toContain('4/24');

    // Unmarking a square breaks the line again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seen it' }));
    expect(panel.querySelectorAll('[data-bingo="true"]')).toHaveLength(0);
  });
});
