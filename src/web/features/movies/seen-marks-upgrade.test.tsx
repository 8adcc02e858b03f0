import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seededBoards, staticMovieList } from '../../test/boards-fixture';
import { MovieBoards } from './movie-boards';
import { WATCHED_KEY } from '../../lib/watched-store';

// The boards now come from GET /api/boards (through lib/static-json's loader, faked here at that
// seam) instead of the static movielist.json; a visitor's marks are ids kept in localStorage.
vi.mock('../../lib/static-json', () => ({
  loadStaticJson: (url: string) => Promise.resolve(url === '/api/boards' ? { items: seededBoards() } : null),
}));

describe('upgrading from the static movie list to living boards', () => {
  it("keeps a visitor's seen marks: the same ids mark the same squares, and the stored list is untouched", async () => {
    const movies = staticMovieList();
    // Marks a visitor made with the static-list version: the first five of 2018 (row 1: a MINGO)
    // and two of 2025, stored exactly as that version stored them.
    const marked = [...movies.slice(0, 5), ...movies.slice(175, 177)].map((movie) => movie.id);
    const stored = JSON.stringify(marked);
    window.localStorage.setItem(WATCHED_KEY, stored);

    render(<MovieBoards pick={null} />);

    const tab2025 = await screen.findByRole('tab', { name: /^2025/ });
    expect(tab2025.getAttribute('aria-selected')).toBe('true');
    expect(tab2025.textContent).toContain('2/24');
    const tab2018 = screen.getByRole('tab', { name: /^2018/ });
    expect(tab2018.textContent).toContain('5/24');
    expect(tab2018.textContent).toContain('1 MINGO line');

    const panel = screen.getByRole('tabpanel');
    const seenCells = [...panel.querySelectorAll('[data-seen="true"]')].map((cell) => cell.getAttribute('data-cell'));
    expect(seenCells).toEqual(['M1', 'I1', 'N3']); // N3: the Free Space, always marked
    expect(within(panel).getByRole('button', { name: new RegExp(`^${escape(movies[175]?.name ?? '?')}`) })).toBeTruthy();

    expect(window.localStorage.getItem(WATCHED_KEY)).toBe(stored);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
