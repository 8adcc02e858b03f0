import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminLeagues, communityLeagues, getMe, joinLeague, openCommunityLeague } from '../../../shared/leagues';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import type * as BoardsStore from '../../lib/boards-store';
import { fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-routes';
import { AdminLeaguesPage } from './admin-leagues-page';
import { ANA_ID, anasLeague, at, LEAGUE_YEAR, memberState } from './league-fakes';
import { LeaguesPage } from './leagues-page';
import { notePlayer, playerStore } from './player-note';

// The community league on the web (decision 084): its "MINGO {year}" card on /leagues with Join,
// and the admins' "Open MINGO {year}".

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));
vi.mock('../../lib/boards-store', async (importOriginal) => {
  const fakes = await import('./league-fakes');
  const boards = { boards: [fakes.fictionalBoard(fakes.LEAGUE_YEAR), fakes.fictionalBoard(fakes.LEAGUE_YEAR - 1)], isPending: false };
  return { ...(await importOriginal<typeof BoardsStore>()), useBoards: () => boards };
});

beforeEach(() => fakeApi.reset());
afterEach(() => vi.restoreAllMocks());

const MINGO = { code: 'MNG234', name: `MINGO ${LEAGUE_YEAR}`, year: LEAGUE_YEAR, memberCount: 2410 };

function renderAt(path: string, page: React.ReactNode) {
  return renderRoutes(
    [
      { path, element: page },
      { path: '/leagues/:code', element: <p>The league page</p> },
    ],
    path,
  );
}

describe('/leagues: the community league', () => {
  it('offers a visitor with no player MINGO {year} with a nickname; the first join makes the player and opens the league', async () => {
    fakeApi.on(communityLeagues, () => ({ items: [MINGO] }));
    let taken = true;
    fakeApi.on(joinLeague, () => {
      if (taken) throw new ApiError(409, 'conflict', 'That nickname is taken in this league.');
      return anasLeague({
        code: 'MNG234',
        name: MINGO.name,
        community: true,
        isOwner: false,
        memberCount: 2411,
        members: [{ ...memberState(ANA_ID, 'Ana', {}, 30), isYou: true, rank: 2411 }],
      });
    });
    const { router, user } = renderAt('/leagues', <LeaguesPage />);
    const card = await screen.findByTestId('community-league');
    expect(within(card).getByRole('heading', { level: 3, name: 'MINGO 2030' })).toBeDefined();
    expect(card.textContent).toContain('Everyone’s league of the 2030 board · 2,410 members.');
    expect(screen.getByRole('heading', { level: 2, name: 'Play with everyone' })).toBeDefined();

    const join = within(card).getByRole('button', { name: 'Join MINGO 2030' });
    await user.click(join);
    expect(within(card).getByText('Choose a nickname.')).toBeDefined();
    expect(fakeApi.calls).toHaveLength(1);
    await user.type(within(card).getByRole('textbox', { name: /Your nickname/ }), 'Ana');
    await user.click(join);
    expect(await within(card).findByText('That nickname is taken in this league.')).toBeDefined();
    expect(
      within(card)
        .getByRole('textbox', { name: /Your nickname/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(router.state.location.pathname).toBe('/leagues');

    taken = false;
    await user.click(join);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/leagues/MNG234'));
    expect(playerStore.get()).toEqual({ leagues: [{ code: 'MNG234', name: 'MINGO 2030' }] });
    expect(fakeApi.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/leagues/MNG234/members', body: { nickname: 'Ana' } },
      { method: 'POST', url: '/api/leagues/MNG234/members', body: { nickname: 'Ana' } },
    ]);
  });

  it('shows a member Open and their nickname, with their leagues as before', async () => {
    notePlayer([{ code: 'MNG234', name: MINGO.name }]);
    fakeApi.on(communityLeagues, () => ({ items: [MINGO] }));
    fakeApi.on(getMe, () => ({
      player: { id: 'p1', createdAt: at(0) },
      marks: [],
      leagues: [
        { code: 'MNG234', name: MINGO.name, year: LEAGUE_YEAR, memberCount: 2410, isOwner: false, nickname: 'Ana' },
        { code: 'ABC234', name: 'Film Friends', year: LEAGUE_YEAR, memberCount: 2, isOwner: true, nickname: 'Ana' },
      ],
    }));
    renderAt('/leagues', <LeaguesPage />);
    const card = await screen.findByTestId('community-league');
    expect((await within(card).findByRole('link', { name: 'Open MINGO 2030' })).getAttribute('href')).toBe('/leagues/MNG234');
    expect(within(card).getByText('You play as Ana.')).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Join MINGO 2030' })).toBeNull();
    expect(screen.getByRole('link', { name: /Film Friends/ })).toBeDefined();
  });

  it('shows no community section while none is open', async () => {
    fakeApi.on(communityLeagues, () => ({ items: [] }));
    renderAt('/leagues', <LeaguesPage />);
    expect(await screen.findByText('You are in no league yet.', { exact: false })).toBeDefined();
    await vi.waitFor(() => expect(fakeApi.calls.map((call) => call.url)).toContain('/api/community-leagues'));
    expect(screen.queryByRole('heading', { name: 'Play with everyone' })).toBeNull();
  });
});

describe('the admins’ Leagues page: the community league', () => {
  const list = (community: boolean) => ({
    years: community ? [{ year: LEAGUE_YEAR, leagues: 1, players: 12 }] : [],
    items: community ? [{ community: true, code: 'MNG234', name: MINGO.name, year: LEAGUE_YEAR, memberCount: 12, createdAt: at(0) }] : [],
    total: community ? 1 : 0,
  });

  it('opens MINGO {year} for the newest published board, once', async () => {
    let open = false;
    fakeApi.on(adminLeagues, () => list(open));
    fakeApi.on(communityLeagues, () => ({ items: open ? [{ ...MINGO, memberCount: 0 }] : [] }));
    fakeApi.on(openCommunityLeague, () => {
      open = true;
      return { code: 'MNG234', name: MINGO.name, year: LEAGUE_YEAR, joinUrl: 'http://localhost/leagues/MNG234' };
    });
    const { user } = renderAt('/admin/leagues', <AdminLeaguesPage />);
    await user.click(await screen.findByRole('button', { name: 'Open MINGO 2030' }));
    expect(await screen.findByText('MINGO 2030 is open: every player can join it from Leagues.')).toBeDefined();
    expect(await screen.findByText('MINGO 2030 is open: 0 members.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Open MINGO 2030' })).toBeNull();
    expect(fakeApi.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/leagues/community', body: { year: LEAGUE_YEAR } },
    ]);
    // The list shows it as the community league.
    expect((await screen.findByTestId('admin-league')).textContent).toContain('2030 board · community league · 12 members');
  });

  it('offers no button while it is open', async () => {
    fakeApi.on(adminLeagues, () => list(true));
    fakeApi.on(communityLeagues, () => ({ items: [{ ...MINGO, memberCount: 12 }] }));
    renderAt('/admin/leagues', <AdminLeaguesPage />);
    expect(await screen.findByText('MINGO 2030 is open: 12 members.')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Open MINGO/ })).toBeNull();
  });

  it('says so when the server refuses', async () => {
    fakeApi.on(adminLeagues, () => list(false));
    fakeApi.on(communityLeagues, () => ({ items: [] }));
    fakeApi.on(openCommunityLeague, () => {
      throw new ApiError(409, 'conflict', 'MINGO 2030 is open already.');
    });
    const { user } = renderAt('/admin/leagues', <AdminLeaguesPage />);
    await user.click(await screen.findByRole('button', { name: 'Open MINGO 2030' }));
    expect((await screen.findByRole('alert')).textContent).toBe('MINGO 2030 is open already.');
  });
});
