import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '../../../domain/rng';
import type { Pick } from '../../../domain/random-pick';
import { RandomPick } from './random-pick';

describe('RandomPick', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flips for 300 ms, ignores clicks meanwhile, and never repeats within 25 draws', () => {
    const picks: Pick[] = [];
    render(<RandomPick onPick={(pick) => picks.push(pick)} random={mulberry32(7)} />);
    const button = screen.getByRole('button', { name: 'Ask Mighty MINGO' });

    for (let draw = 1; draw <= 25; draw++) {
      fireEvent.click(button);
      fireEvent.click(button);
      expect(screen.getByRole('status').textContent).toBe('Shuffling…');
      act(() => {
        vi.advanceTimersByTime(299);
      });
      expect(picks).toHaveLength(draw - 1);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(picks).toHaveLength(draw);
    }
    expect(new Set(picks.map((pick) => `${pick.letter}${pick.number}`)).size).toBe(25);
    expect(screen.queryByText('0 of 25 left before a reshuffle')).not.toBeNull();
    const last = picks[24];
    expect(screen.getByRole('status').textContent).toBe(`Mighty MINGO says ${last?.letter ?? ''}${last?.number ?? ''}`);

    fireEvent.click(button);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByText('24 of 25 left before a reshuffle')).not.toBeNull();
  });
});
