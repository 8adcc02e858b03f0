import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeague } from '../../../shared/leagues';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { PlayWithFriendsButton } from './play-with-friends-button';
import { playerStore } from './player-note';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

beforeEach(() => fakeApi.reset());
afterEach(() => vi.restoreAllMocks());

function renderHomeButton() {
  const router = createMemoryRouter([
    { path: '/', element: <PlayWithFriendsButton year={2030} /> },
    { path: '*', element: null },
  ]);
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('Play with friends', () => {
  it('checks the fields with the contract’s words, makes the league for the year, and shows its invite', async () => {
    fakeApi.on(createLeague, () => ({ code: 'ABC234', name: 'Film Friends', year: 2030, joinUrl: 'https://mingo.example/leagues/ABC234' }));
    const { user, router } = renderHomeButton();
    await user.click(screen.getByRole('button', { name: 'Play with friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Play with friends' });
    expect(dialog).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Make the league' }));
    expect(screen.getByText('Name the league.')).toBeDefined();
    expect(screen.getByText('Choose a nickname.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'League name' }));
    await user.type(screen.getByRole('textbox', { name: 'League name' }), '  Film Friends ');
    await user.type(screen.getByRole('textbox', { name: /Your nickname/ }), 'x'.repeat(25));
    await user.click(screen.getByRole('button', { name: 'Make the league' }));
    expect(screen.getByText('A nickname has at most 24 characters.')).toBeDefined();
    expect(fakeApi.calls).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /Your nickname/ }));
    await user.type(screen.getByRole('textbox', { name: /Your nickname/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Make the league' }));
    expect(await screen.findByRole('dialog', { name: 'Invite friends to Film Friends' })).toBeDefined();
    expect(fakeApi.calls).toEqual([{ method: 'POST', url: '/api/leagues', body: { name: 'Film Friends', year: 2030, nickname: 'Ana' } }]);
    expect((screen.getByRole('textbox', { name: 'Join link' }) as HTMLInputElement).value).toBe('https://mingo.example/leagues/ABC234');
    expect(screen.getByTestId('invite-code').textContent).toBe('ABC234');
    expect(await screen.findByRole('img', { name: 'QR code of the join link of Film Friends' })).toBeDefined();
    // The browser is a player from now on (the marks sync starts from this note).
    expect(playerStore.get()).toEqual({ leagues: [{ code: 'ABC234', name: 'Film Friends' }] });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied.')).toBeDefined();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('https://mingo.example/leagues/ABC234');
    // No Web Share in this browser: no button for it.
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Open the league' }));
    expect(router.state.location.pathname).toBe('/leagues/ABC234');
  });

  it('offers the share sheet where the browser has one', async () => {
    fakeApi.on(createLeague, () => ({ code: 'ABC234', name: 'Film Friends', year: 2030, joinUrl: 'https://mingo.example/leagues/ABC234' }));
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderHomeButton();
    await user.click(screen.getByRole('button', { name: 'Play with friends' }));
    await user.type(await screen.findByRole('textbox', { name: 'League name' }), 'Film Friends');
    await user.type(screen.getByRole('textbox', { name: /Your nickname/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Make the league' }));
    await user.click(await screen.findByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Film Friends · MINGO',
      text: 'Play MINGO with me in Film Friends: code ABC234',
      url: 'https://mingo.example/leagues/ABC234',
    });
    Reflect.deleteProperty(navigator, 'share');
  });

  it('says what the server refused, and keeps what was typed', async () => {
    fakeApi.on(createLeague, () => {
      throw new ApiError(409, 'conflict', 'You are in 20 leagues already: leave one first.');
    });
    const { user } = renderHomeButton();
    await user.click(screen.getByRole('button', { name: 'Play with friends' }));
    await user.type(await screen.findByRole('textbox', { name: 'League name' }), 'Film Friends');
    await user.type(screen.getByRole('textbox', { name: /Your nickname/ }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Make the league' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are in 20 leagues already: leave one first.');
    expect((screen.getByRole('textbox', { name: 'League name' }) as HTMLInputElement).value).toBe('Film Friends');
    expect(playerStore.get()).toBeNull();
  });
});
