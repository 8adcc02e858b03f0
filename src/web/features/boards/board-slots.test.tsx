import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EditorMovie } from '../../../shared/boards';
import { BoardSlots, neighbour, swapSlots } from './board-slots';

const NOW = '2026-11-26T12:00:00.000Z';

/** Fictional movies only; `placeholder`: a generated poster that draws its own title. */
function movie(id: string, name: string, placeholder: boolean): EditorMovie {
  const src = `/media/poster-${id}-240.webp`;
  return {
    id,
    name,
    year: 2026,
    description: `${name}: a fictional film.`,
    imageURL: src,
    starDescriptionA: '',
    starRatingA: 4,
    starDescriptionB: '',
    starRatingB: 3,
    runtime: 100,
    poster: { src, sources: [], placeholder },
    boards: [2026],
    freeSpace: false,
    updatedAt: NOW,
  };
}

const lighthouse = movie('2026-the-quiet-lighthouse', 'The Quiet Lighthouse', false);
const voyage = movie('2026-the-extraordinary-voyage', 'The Extraordinary Voyage of the Paper Cartographers', true);
const freeSpace = { ...movie('2026-free-space', 'Free Space', true), freeSpace: true };
const movies = new Map([lighthouse, voyage, freeSpace].map((one) => [one.id, one]));

function slots(): (string | null)[] {
  const board: (string | null)[] = Array.from({ length: 25 }, () => null);
  board[0] = lighthouse.id;
  board[1] = voyage.id;
  board[12] = freeSpace.id;
  return board;
}

function renderSlots(props: { locked?: boolean } = {}) {
  const handlers = { onOpen: vi.fn(), onMoved: vi.fn(), onReorder: vi.fn() };
  const buttons = { current: new Map<number, HTMLButtonElement>() };
  render(
    <BoardSlots
      year={2026}
      slots={slots()}
      movies={movies}
      locked={props.locked ?? false}
      selected={null}
      buttons={buttons}
      {...handlers}
    />,
  );
  return handlers;
}

const square = (name: string) => screen.getByRole('button', { name });

describe('neighbour', () => {
  it.each<[number, string, number | null]>([
    [0, 'ArrowRight', 1],
    [0, 'ArrowDown', 5],
    [0, 'ArrowLeft', null],
    [0, 'ArrowUp', null],
    [4, 'ArrowRight', null],
    [24, 'ArrowDown', null],
    [24, 'ArrowLeft', 23],
    [12, 'ArrowUp', 7],
    [12, 'Enter', null],
  ])('from %i, %s leads to %s', (position, key, to) => {
    expect(neighbour(position, key)).toBe(to);
  });
});

describe('swapSlots', () => {
  it('swaps two squares and never moves the Free Space', () => {
    expect(swapSlots(['a', 'b', 'c'], 0, 2)).toEqual(['c', 'b', 'a']);
    expect(swapSlots(slots(), 0, 12)).toBeNull();
    expect(swapSlots(slots(), 3, 3)).toBeNull();
  });
});

describe('the board editor’s squares', () => {
  it('name every square with its full title: a poster that draws its title gets nothing over it, an uploaded one its title strip', () => {
    renderSlots();
    const list = screen.getByRole('list', { name: 'Squares of the 2026 board' });
    expect(within(list).getAllByRole('button')).toHaveLength(25);
    expect(within(square('I1: The Extraordinary Voyage of the Paper Cartographers')).getByTestId('square-title').textContent).toBe(
      'The Extraordinary Voyage of the Paper Cartographers',
    );
    expect(within(square('I1: The Extraordinary Voyage of the Paper Cartographers')).queryByTestId('poster-title-strip')).toBeNull();
    expect(within(square('M1: The Quiet Lighthouse')).getByTestId('poster-title-strip').dataset.title).toBe('The Quiet Lighthouse');
    expect(within(square('N3: Free Space')).queryByTestId('poster-title-strip')).toBeNull();
    expect(square('O5: empty').querySelector('img')).toBeNull();
  });

  it('go from square to square with the arrow keys, stop at the edges, and open with Enter or Space', async () => {
    const user = userEvent.setup();
    const { onOpen, onReorder } = renderSlots();
    square('M1: The Quiet Lighthouse').focus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(square('M1: The Quiet Lighthouse'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(square('I1: The Extraordinary Voyage of the Paper Cartographers'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(square('N3: Free Space'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(square('O5: empty'));
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(24);
    await user.keyboard('{ArrowLeft}[Space]');
    expect(onOpen).toHaveBeenLastCalledWith(23);
    expect(onOpen).toHaveBeenCalledTimes(2);
    // Going across squares moves nothing.
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('move a movie with Alt and an arrow key: the squares swap, focus follows the movie, the move is announced', async () => {
    const user = userEvent.setup();
    const { onMoved, onReorder, onOpen } = renderSlots();
    square('I1: The Extraordinary Voyage of the Paper Cartographers').focus();
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    const swapped = slots();
    swapped[0] = voyage.id;
    swapped[1] = lighthouse.id;
    expect(onReorder).toHaveBeenCalledWith(swapped);
    expect(onMoved).toHaveBeenCalledWith(0);
    expect(onOpen).not.toHaveBeenCalled();
    expect(document.activeElement?.getAttribute('data-slot')).toBe('M1');
    expect(screen.getByRole('status').textContent).toBe(
      'Moved The Extraordinary Voyage of the Paper Cartographers to M1. The Quiet Lighthouse moved to I1.',
    );
  });

  it('keep the Free Space in the centre and a published board’s squares where they are', async () => {
    const user = userEvent.setup();
    const { onReorder } = renderSlots();
    square('N3: Free Space').focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(screen.getByRole('status').textContent).toBe('The Free Space stays in the centre.');
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('are locked on a published board', async () => {
    const user = userEvent.setup();
    const { onReorder } = renderSlots({ locked: true });
    square('M1: The Quiet Lighthouse').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(screen.getByRole('status').textContent).toBe('The 2026 board is published: unpublish it to rearrange its squares.');
    expect(onReorder).not.toHaveBeenCalled();
    expect(square('M1: The Quiet Lighthouse').getAttribute('draggable')).toBe('false');
  });
});
