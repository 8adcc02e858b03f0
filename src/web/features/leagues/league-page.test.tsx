import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getLeague,
  joinLeague,
  leaveLeague,
  previewLeague,
  removeMember,
  type League,
  type LeagueEvent,
  type LeagueState,
} from '../../../shared/leagues';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import type * as BoardsStore from '../../lib/boards-store';
import { fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-routes';
import { ANA_ID, anasLeague, at, BEN_ID, fictionalBoard, LEAGUE_YEAR, memberState } from './league-fakes';
import { LeaguePage } from './league-page';
import { notePlayer, playerStore } from './player-note';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));
vi.mock('../../lib/boards-store', async (importOriginal) => {
  const boards = { boards: [fictionalBoard(LEAGUE_YEAR)], isPending: false };
  return { ...(await importOriginal<typeof BoardsStore>()), useBoards: () => boards };
});

/** The browser's EventSource as far as the page uses it: the test opens, drops and feeds it. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  send(event: LeagueEvent) {
    this.dispatchEvent(new MessageEvent(event.name, { data: JSON.stringify(event.data), lastEventId: String(event.id) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeAll(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});

beforeEach(() => {
  fakeApi.reset();
  FakeEventSource.opened = [];
});
afterEach(() => vi.restoreAllMocks());

const stream = () => {
  const source = FakeEventSource.opened.at(-1);
  if (source === undefined) throw new Error('no stream opened');
  return source;
};

function renderLeague(path = '/leagues/ABC234') {
  return renderRoutes([{ path: '/leagues/:code', element: <LeaguePage /> }], path);
}

type MarksEvent = Extract<LeagueEvent, { name: 'marks' }>;

const bensMarks = (id: number, movie: number, extra: Partial<MarksEvent['data']> = {}): MarksEvent => ({
  id,
  name: 'marks',
  data: {
    memberId: BEN_ID,
    nickname: 'Ben',
    changes: [{ movieId: `${LEAGUE_YEAR}-${movie}`, movieName: `Film ${LEAGUE_YEAR} ${movie}`, seen: true }],
    seen: 3,
    lines: 0,
    blackout: false,
    firstLineAt: null,
    blackoutAt: null,
    reachedAt: at(9),
    newLines: 0,
    mingo: false,
    ...extra,
  },
});

const rows = () => screen.getAllByTestId('standing-row').map((row) => row.textContent);

describe('the league page of a member', () => {
  it('shows the standings, each member’s mini-board and the feed, and opens the stream after the page’s last event', async () => {
    fakeApi.on(getLeague, () => anasLeague());
    renderLeague();
    expect(await screen.findByRole('heading', { level: 1, name: 'Film Friends' })).toBeDefined();
    expect(rows()).toEqual(['1Ana (you) · owner2/240—', '2Ben0/240—Remove']);
    expect(screen.getByRole('columnheader', { name: 'MINGO' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Ana (you): 2 of 24 seen, 0 lines' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Ben: 0 of 24 seen, 0 lines' })).toBeDefined();
    expect(
      within(screen.getByTestId('activity-feed'))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Ben joined', 'Ana joined']);
    expect(stream().url).toBe('/api/leagues/ABC234/events?lastEventId=3');
    expect(screen.getByTestId('connection').textContent).toBe('Reconnecting…');
    expect(screen.getByTestId('connection').getAttribute('aria-live')).toBe('polite');
    act(() => stream().open());
    expect(screen.getByTestId('connection').textContent).toBe('Live');
  });

  it('moves the standings live, once per event, toasts someone else’s line and says when the stream drops', async () => {
    fakeApi.on(getLeague, () => anasLeague());
    renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'Film Friends' });
    act(() => stream().open());
    const lineAt = at(12);
    const line = bensMarks(4, 3, { seen: 5, lines: 1, firstLineAt: lineAt, reachedAt: lineAt, newLines: 1 });
    act(() => stream().send(line));
    expect(rows()).toEqual(['1Ben5/241—Remove', '2Ana (you) · owner2/240—']);
    expect(await screen.findByText('Ben got a line!', { selector: '[role="status"] p' })).toBeDefined();
    const feed = () =>
      within(screen.getByTestId('activity-feed'))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent);
    expect(feed().slice(0, 2)).toEqual(['Ben got a line!', 'Ben saw Film 2030 3']);
    // The same event again (a resumed stream) changes nothing.
    act(() => stream().send(line));
    expect(feed()).toHaveLength(4);
    act(() => stream().drop());
    expect(screen.getByTestId('connection').textContent).toBe('Reconnecting…');
    act(() => stream().open());
    expect(screen.getByTestId('connection').textContent).toBe('Live');
  });

  it('says MINGO with its time when a member sees the whole board', async () => {
    fakeApi.on(getLeague, () => anasLeague());
    renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'Film Friends' });
    const all = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => cell !== 12);
    act(() =>
      stream().send({
        id: 4,
        name: 'marks',
        data: {
          ...bensMarks(4, 0).data,
          changes: all.map((cell) => ({ movieId: `${LEAGUE_YEAR}-${cell}`, movieName: `Film ${LEAGUE_YEAR} ${cell}`, seen: true })),
          seen: 24,
          lines: 12,
          blackout: true,
          blackoutAt: '2030-05-03T20:15:00.000Z',
          newLines: 12,
          mingo: true,
        },
      }),
    );
    expect(rows()[0]).toBe('1Ben24/2412MINGO! 3 May, 20:15Remove');
    expect(screen.getByRole('img', { name: 'Ben: 24 of 24 seen, 12 lines, MINGO' })).toBeDefined();
    expect(await screen.findByText('Ben — MINGO!', { selector: '[role="status"] p' })).toBeDefined();
  });

  it('follows a reset: a new code moves the page to it, and the stream reopens there', async () => {
    fakeApi.on(getLeague, () => anasLeague());
    const { router } = renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'Film Friends' });
    const state: LeagueState = {
      ...anasLeague(),
      code: 'XYZ789',
      members: [memberState(ANA_ID, 'Ana', { isOwner: true })],
      lastEventId: 8,
    };
    act(() => stream().send({ id: 8, name: 'reset', data: { reason: 'code', league: state } }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/leagues/XYZ789'));
    expect(rows()).toEqual(['1Ana (you) · owner0/240—']);
    await vi.waitFor(() => expect(stream().url).toBe('/api/leagues/XYZ789/events?lastEventId=8'));
  });

  it('says so when the league is closed, and when this member is removed', async () => {
    fakeApi.on(getLeague, () => anasLeague());
    renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'Film Friends' });
    act(() => stream().send({ id: 4, name: 'closed', data: { by: 'owner' } }));
    expect(screen.getByRole('alert').textContent).toBe('Film Friends has been closed.');
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells a removed member they were removed', async () => {
    notePlayer([{ code: 'ABC234', name: 'Film Friends' }]);
    fakeApi.on(getLeague, () =>
      anasLeague({ isOwner: false, members: anasLeague().members.map((one) => ({ ...one, isOwner: one.id === BEN_ID })) }),
    );
    renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'Film Friends' });
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask Mighty MINGO' })).toBeNull();
    act(() => stream().send({ id: 4, name: 'member', data: { action: 'removed', memberId: ANA_ID, nickname: 'Ana' } }));
    expect(screen.getByRole('alert').textContent).toBe('You were removed from Film Friends.');
    expect(playerStore.get()).toEqual({ leagues: [] });
  });

  it('lets the owner remove a member after asking', async () => {
    fakeApi.on(getLeague, () => anasLeague());
    fakeApi.on(removeMember, () => undefined);
    const { user } = renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'Film Friends' });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove Ben' }));
    await vi.waitFor(() => expect(rows()).toEqual(['1Ana (you) · owner2/240—']));
    expect(fakeApi.calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/leagues/ABC234/members/${BEN_ID}` });
  });
});

describe('the community league page', () => {
  const place = (id: string, nickname: string, rank: number, overrides: Partial<LeagueState['members'][number]> = {}) => {
    const { marks: _marks, ...standing } = memberState(id, nickname, overrides);
    return { ...standing, rank };
  };
  /** A coalesced standing as the stream sends it: no id of its own, so the browser repeats the last one. */
  const sendStanding = (data: unknown, lastEventId: string): void => {
    act(() => {
      stream().dispatchEvent(new MessageEvent('standing', { data: JSON.stringify(data), lastEventId }));
    });
  };

  it('shows the top 20 and this member’s own place, moved live by the coalesced standings; no boards, feed, draw or owner actions', async () => {
    const leaders = Array.from({ length: 20 }, (_, index) => ({
      ...memberState(`leader-${index}`, `Fan ${index + 1}`, { seen: 24 - index, reachedAt: at(index) }),
      isYou: false,
      rank: index + 1,
    }));
    fakeApi.on(getLeague, () =>
      anasLeague({
        code: 'MNG234',
        name: 'MINGO 2030',
        community: true,
        isOwner: false,
        memberCount: 2410,
        members: [...leaders, { ...memberState(ANA_ID, 'Ana', { seen: 2 }), isYou: true, rank: 137 }],
        feed: [],
        lastEventId: 0,
      }),
    );
    renderLeague('/leagues/MNG234');
    expect(await screen.findByRole('heading', { level: 1, name: 'MINGO 2030' })).toBeDefined();
    expect(screen.getByTestId('your-rank').textContent).toBe('You: #137 of 2,410');
    expect(screen.getByText('Everyone’s league of the 2030 board · 2,410 members')).toBeDefined();
    expect(rows()).toHaveLength(21);
    expect(rows()[0]).toBe('1Fan 124/240—');
    expect(rows()[20]).toBe('137Ana (you)2/240—');
    expect(screen.queryByRole('heading', { name: 'Boards' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Activity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask Mighty MINGO' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByText(/limit/i)).toBeNull();
    act(() => stream().open());

    // Ana climbs into the leaders: the rank and the table move, with the id the browser repeats (none yet: "").
    const top = leaders.slice(0, 19).map((leader) => place(leader.id, leader.nickname, leader.rank, { seen: leader.seen }));
    const ana = place(ANA_ID, 'Ana', 3, { seen: 23, reachedAt: at(5) });
    sendStanding({ top: [top[0], top[1], ana, ...top.slice(2)], memberCount: 2411, you: ana }, '');
    expect(screen.getByTestId('your-rank').textContent).toBe('You: #3 of 2,411');
    expect(rows()).toHaveLength(20);
    expect(rows()[2]).toBe('3Ana (you)23/240—');
    // And falls back again: the next standing is taken too, though its id is the same.
    sendStanding({ top, memberCount: 2411, you: place(ANA_ID, 'Ana', 140, { seen: 2 }) }, '');
    expect(screen.getByTestId('your-rank').textContent).toBe('You: #140 of 2,411');
    expect(rows().at(-1)).toBe('140Ana (you)2/240—');
  });

  it('leaves after asking', async () => {
    fakeApi.on(getLeague, () =>
      anasLeague({
        name: 'MINGO 2030',
        community: true,
        isOwner: false,
        members: [{ ...memberState(ANA_ID, 'Ana'), isYou: true, rank: 1 }],
      }),
    );
    fakeApi.on(leaveLeague, () => undefined);
    const { user } = renderLeague();
    await screen.findByRole('heading', { level: 1, name: 'MINGO 2030' });
    expect(screen.getByTestId('your-rank').textContent).toBe('You: #1 of 2');
    await user.click(screen.getByRole('button', { name: 'Leave…' }));
    await user.click(screen.getByRole('button', { name: 'Leave the league' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You left MINGO 2030.');
  });
});

describe('the league page of a visitor holding the link', () => {
  it('shows the league’s name and size, and says a taken nickname on the field', async () => {
    fakeApi.on(getLeague, () => {
      throw new ApiError(404, 'not_found', 'There is no league with this code.');
    });
    fakeApi.on(previewLeague, () => ({ name: 'Film Friends', year: LEAGUE_YEAR, memberCount: 2 }));
    let taken = true;
    fakeApi.on(joinLeague, () => {
      if (taken) throw new ApiError(409, 'conflict', 'Ana is taken in this league: choose another nickname.');
      return anasLeague({
        isOwner: false,
        members: [
          ...anasLeague().members.map((one) => ({ ...one, isYou: false })),
          { ...memberState('cal', 'Cal', {}, 20), isYou: true, rank: 3 },
        ],
      });
    });
    const { user } = renderLeague('/leagues/abc234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Film Friends' })).toBeDefined();
    expect(screen.getByText('The 2030 board · 2 members')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Join the league' }));
    expect(screen.getByRole('textbox', { name: 'Your nickname' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a nickname.')).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: 'Your nickname' }), 'ana');
    await user.click(screen.getByRole('button', { name: 'Join the league' }));
    expect(await screen.findByText('Ana is taken in this league: choose another nickname.')).toBeDefined();
    taken = false;
    await user.clear(screen.getByRole('textbox', { name: 'Your nickname' }));
    await user.type(screen.getByRole('textbox', { name: 'Your nickname' }), 'Cal');
    await user.click(screen.getByRole('button', { name: 'Join the league' }));
    expect(await screen.findByRole('table')).toBeDefined();
    expect(rows()).toContain('3Cal (you)0/240—');
    expect(playerStore.get()).toEqual({ leagues: [{ code: 'ABC234', name: 'Film Friends' }] });
    expect(fakeApi.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { nickname: 'ana' },
      { nickname: 'Cal' },
    ]);
  });
});

export type { League };
