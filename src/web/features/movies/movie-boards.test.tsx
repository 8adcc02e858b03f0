import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { YEARS } from '../../../domain/boards';
import type { Movie } from '../../../shared/content';
import { MovieBoards } from './movie-boards';
import { watchedStore } from './watched-store';

// jsdom has no modal dialogs; the Modal component only needs open/close to flip `open`.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

function testMovies(): Movie[] {
  return YEARS.flatMap((year) =>
    Array.from({ length: 25 }, (_, cell): Movie => ({
      id: `${year}-${cell}`,
      name: cell === 12 ? 'Free Space' : `Film ${year}-${cell}`,
      year,
      description: 'A test film.',
      imageURL: `/posters/${year}-${cell}.svg`,
      starDescriptionA: 'A',
      starRatingA: 4,
      starDescriptionB: 'B',
      starRatingB: 3.5,
      runtime: cell === 12 ? 0 : 127,
    })),
  );
}

// The boards read the static movie list; here it is a generated one, already loaded.
vi.mock('../../lib/movie-list', () => {
  const loaded = { movies: testMovies(), isPending: false };
  return { useMovieList: () => loaded };
});

function renderBoards() {
  return render(<MovieBoards pick={{ letter: 'G', number: 2 }} />);
}

describe('MovieBoards', () => {
  it('shows 2025 first with 25 cells, progress on the tabs and the random pick highlighted', () => {
    watchedStore.set(['2024-0', '2024-1']);
    renderBoards();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.slice(0, 4))).toEqual(['2025', '2024', '2023', '2022', '2021', '2020', '2019', '2018']);
    expect(tabs[1]?.textContent).toContain('2/24');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('button')).toHaveLength(25);
    expect(panel.querySelector('[data-picked="true"]')?.getAttribute('data-cell')).toBe('G2');
  });

  it('moves between tabs with the arrow keys', () => {
    renderBoards();
    fireEvent.keyDown(screen.getByRole('tab', { name: /^2025/ }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /^2024/ }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^2024/ }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Home' });
    expect(screen.getByRole('tab', { name: /^2025/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('marks a movie seen from its card and celebrates a newly completed column', async () => {
    watchedStore.set(['2025-2', '2025-7', '2025-17']); // column N without its last square; the centre is free
    renderBoards();
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
