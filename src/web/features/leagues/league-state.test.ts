import { describe, expect, it } from 'vitest';
import type { LeagueEvent, MemberState } from '../../../shared/leagues';
import { ANA_ID, anasLeague, at, BEN_ID, CAL_ID, LEAGUE_YEAR, memberState } from './league-fakes';
import { asLeague, isOwner, leagueReducer, liveLeague, rankedMembers, standingRows, type LiveLeague } from './league-state';

const RECEIVED = '2030-05-02T09:00:00.000Z';
const apply = (league: LiveLeague, ...events: LeagueEvent[]) =>
  events.reduce((state, event) => leagueReducer(state, { type: 'event', event, receivedAt: RECEIVED }), league);

const bensMarks = (id: number, overrides: Partial<Extract<LeagueEvent, { name: 'marks' }>['data']> = {}): LeagueEvent => ({
  id,
  name: 'marks',
  data: {
    memberId: BEN_ID,
    nickname: 'Ben',
    changes: [{ movieId: `${LEAGUE_YEAR}-3`, movieName: `Film ${LEAGUE_YEAR} 3`, seen: true }],
    seen: 1,
    lines: 0,
    blackout: false,
    firstLineAt: null,
    blackoutAt: null,
    reachedAt: at(10),
    newLines: 0,
    mingo: false,
    ...overrides,
  },
});

const member = (league: LiveLeague, id: string) => league.members.find((one) => one.id === id);

describe('a league kept live by its events', () => {
  it('starts from the page’s answer: who this browser is, and whether it owns the league', () => {
    const league = liveLeague(anasLeague());
    expect(league.youId).toBe(ANA_ID);
    expect(isOwner(league)).toBe(true);
    expect(league.status).toBe('open');
    expect(isOwner(liveLeague(anasLeague({ members: anasLeague().members.map((one) => ({ ...one, isOwner: false })) })))).toBe(false);
  });

  it('applies a member’s marks: standing, mini-board and feed', () => {
    const league = apply(liveLeague(anasLeague()), bensMarks(4));
    expect(member(league, BEN_ID)).toMatchObject({ seen: 1, marks: [`${LEAGUE_YEAR}-3`], reachedAt: at(10) });
    expect(league.feed[0]).toEqual({ id: 4, at: RECEIVED, item: { kind: 'saw', nickname: 'Ben', movieName: `Film ${LEAGUE_YEAR} 3` } });
    expect(league.lastEventId).toBe(4);
    // Unseen takes the mark off the mini-board.
    const undone = apply(league, bensMarks(5, { changes: [{ movieId: `${LEAGUE_YEAR}-3`, movieName: 'x', seen: false }], seen: 0 }));
    expect(member(undone, BEN_ID)).toMatchObject({ seen: 0, marks: [] });
  });

  it('applies each event once: an id already applied (or older) changes nothing', () => {
    const once = apply(liveLeague(anasLeague()), bensMarks(4));
    expect(apply(once, bensMarks(4))).toBe(once);
    expect(apply(once, bensMarks(2, { seen: 9 }))).toBe(once);
    // The page's own answer older than what the stream brought is not taken either.
    expect(leagueReducer(once, { type: 'loaded', league: anasLeague({ lastEventId: 3, name: 'Old' }) })).toBe(once);
  });

  it('lists the line and the MINGO a change made, newest first', () => {
    const league = apply(
      liveLeague(anasLeague()),
      bensMarks(4, { newLines: 1, lines: 1, firstLineAt: at(10) }),
      bensMarks(5, { mingo: true }),
    );
    expect(league.feed.slice(0, 4).map((entry) => entry.item.kind)).toEqual(['mingo', 'saw', 'line', 'saw']);
  });

  it('adds and removes members; this browser’s removal or leaving ends the page', () => {
    const cal = memberState(CAL_ID, 'Cal', {}, 9);
    let league = apply(liveLeague(anasLeague()), { id: 4, name: 'member', data: { action: 'joined', member: cal } });
    expect(league.members.map((one) => one.nickname)).toEqual(['Ana', 'Ben', 'Cal']);
    league = apply(league, { id: 5, name: 'member', data: { action: 'left', memberId: BEN_ID, nickname: 'Ben' } });
    expect(league.members.map((one) => one.nickname)).toEqual(['Ana', 'Cal']);
    expect(league.status).toBe('open');
    expect(league.feed[0]?.item).toEqual({ kind: 'left', nickname: 'Ben' });
    const removed = apply(league, { id: 6, name: 'member', data: { action: 'removed', memberId: ANA_ID, nickname: 'Ana' } });
    expect(removed.status).toBe('removed');
    const left = apply(league, { id: 6, name: 'member', data: { action: 'left', memberId: ANA_ID, nickname: 'Ana' } });
    expect(left.status).toBe('left');
  });

  it('shows the shared draw, and a closed league as closed', () => {
    const draw = { letter: 'N' as const, number: 3, movieId: `${LEAGUE_YEAR}-12`, movieName: 'Free Space', drawnAt: at(20) };
    let league = apply(liveLeague(anasLeague()), { id: 4, name: 'draw', data: draw });
    expect(league.draw).toEqual(draw);
    expect(league.feed[0]?.item).toEqual({ kind: 'draw', square: 'N3', movieName: 'Free Space' });
    league = apply(league, { id: 5, name: 'closed', data: { by: 'admin' } });
    expect([league.status, league.closedBy]).toEqual(['closed', 'admin']);
  });

  it('replaces everything on a reset: a new name, a new code, a member gone', () => {
    const state = {
      code: 'XYZ789',
      name: 'Film Friends Forever',
      year: LEAGUE_YEAR,
      community: false,
      memberCount: 2,
      members: [memberState(ANA_ID, 'Ana', { isOwner: true }), memberState(CAL_ID, 'Cal')],
      draw: null,
      feed: [{ id: 9, at: at(30), item: { kind: 'renamed' as const, name: 'Film Friends Forever' } }],
      lastEventId: 9,
    };
    const league = apply(liveLeague(anasLeague()), { id: 9, name: 'reset', data: { reason: 'code', league: state } });
    expect(league).toMatchObject({ code: 'XYZ789', name: 'Film Friends Forever', lastEventId: 9, status: 'open' });
    expect(league.joinUrl).toBe('http://localhost/leagues/XYZ789');
    expect(league.members.map((one) => one.nickname)).toEqual(['Ana', 'Cal']);
    expect(league.feed).toEqual(state.feed);
    // A gap's reset may carry a later state than its own id: later events up to it are not applied again.
    const ahead = apply(liveLeague(anasLeague()), { id: 6, name: 'reset', data: { reason: 'gap', league: { ...state, lastEventId: 12 } } });
    expect(ahead.lastEventId).toBe(12);
    expect(apply(ahead, bensMarks(11))).toBe(ahead);
    // Without this browser's member in it, the page ends.
    const without = { ...state, members: [memberState(CAL_ID, 'Cal')] };
    expect(apply(liveLeague(anasLeague()), { id: 9, name: 'reset', data: { reason: 'owner', league: without } }).status).toBe('removed');
  });

  it('takes a community league’s coalesced standings: its leaders, its size, and this member’s own place', () => {
    const community = liveLeague(anasLeague({ community: true, memberCount: 900 }));
    const place = (id: string, nickname: string, rank: number, overrides: Partial<MemberState> = {}) => {
      const { marks: _marks, ...standing } = memberState(id, nickname, overrides);
      return { ...standing, rank };
    };
    const top = [place(BEN_ID, 'Ben', 1, { seen: 5, lines: 1 }), place(CAL_ID, 'Cal', 2)];
    const league = apply(community, {
      id: 4,
      name: 'standing',
      data: { top, memberCount: 1200, you: place(ANA_ID, 'Ana', 450, { seen: 3 }) },
    });
    expect(league.members.map((one) => [one.nickname, one.seen])).toEqual([
      ['Ben', 5],
      ['Cal', 0],
      ['Ana', 3],
    ]);
    // The standings carry no mini-boards: the marks known stay.
    expect(member(league, ANA_ID)?.marks).toEqual([`${LEAGUE_YEAR}-0`, `${LEAGUE_YEAR}-1`]);
    expect(member(league, CAL_ID)?.marks).toEqual([]);
    expect(league.memberCount).toBe(1200);
    expect(league.feed).toEqual(community.feed);
    // Among the leaders, this member is listed once.
    const ana = place(ANA_ID, 'Ana', 1, { seen: 9 });
    const leading = apply(league, { id: 5, name: 'standing', data: { top: [ana], memberCount: 1200, you: ana } });
    expect(leading.members.map((one) => one.nickname)).toEqual(['Ana']);
  });

  it('takes every community standing as it comes, whatever id the browser repeats, and ranks this member where the server says', () => {
    // The page's answer: the leaders (here Ben) and Ana below them at 450 of 900.
    const answer = anasLeague({
      community: true,
      memberCount: 900,
      isOwner: false,
      lastEventId: 3,
      members: [
        { ...memberState(BEN_ID, 'Ben', { seen: 6 }), isYou: false, rank: 1 },
        { ...memberState(ANA_ID, 'Ana', { seen: 1 }), isYou: true, rank: 450 },
      ],
    });
    const community = liveLeague(answer);
    expect(community.youRank).toBe(450);
    expect(standingRows(community).map((one) => [one.rank, one.nickname])).toEqual([
      [1, 'Ben'],
      [450, 'Ana'],
    ]);
    const place = (id: string, nickname: string, rank: number, overrides: Partial<MemberState> = {}) => {
      const { marks: _marks, ...standing } = memberState(id, nickname, overrides);
      return { ...standing, rank };
    };
    // Standings carry no id: the browser hands over the last one it had (3 here, or 0).
    const moved = apply(community, {
      id: 3,
      name: 'standing',
      data: { top: [place(BEN_ID, 'Ben', 1, { seen: 7 })], memberCount: 901, you: place(ANA_ID, 'Ana', 137, { seen: 4 }) },
    });
    expect(moved.lastEventId).toBe(3);
    expect(moved.youRank).toBe(137);
    expect(moved.memberCount).toBe(901);
    expect(standingRows(moved).map((one) => [one.rank, one.nickname, one.seen])).toEqual([
      [1, 'Ben', 7],
      [137, 'Ana', 4],
    ]);
    // A later one, with the id 0 of a stream that had no logged event yet, is taken as well.
    const again = apply(moved, {
      id: 0,
      name: 'standing',
      data: { top: [place(ANA_ID, 'Ana', 1, { seen: 9 })], memberCount: 901, you: place(ANA_ID, 'Ana', 1, { seen: 9 }) },
    });
    expect(standingRows(again).map((one) => [one.rank, one.nickname])).toEqual([[1, 'Ana']]);
    // A logged event at or below the last applied id is still refused.
    expect(apply(again, bensMarks(3))).toBe(again);
    // A friends' league ranks everyone itself.
    const friends = liveLeague(anasLeague());
    expect(standingRows({ ...friends, youRank: 99 }).map((one) => one.rank)).toEqual([1, 2]);
    // The page's cache gets the community league with this member's own rank.
    expect(asLeague(moved).members.map((one) => [one.nickname, one.rank, one.isYou])).toEqual([
      ['Ben', 1, false],
      ['Ana', 137, true],
    ]);
  });

  it('keeps a community member below the leaders through a reset (its state lists only the leaders)', () => {
    const community = liveLeague(
      anasLeague({
        community: true,
        memberCount: 900,
        members: [
          { ...memberState(BEN_ID, 'Ben', { seen: 6 }), isYou: false, rank: 1 },
          { ...memberState(ANA_ID, 'Ana', { seen: 1 }), isYou: true, rank: 450 },
        ],
      }),
    );
    const state = {
      code: 'ABC234',
      name: 'MINGO 2030',
      year: LEAGUE_YEAR,
      community: true,
      memberCount: 905,
      members: [memberState(CAL_ID, 'Cal', { seen: 8 })],
      draw: null,
      feed: [],
      lastEventId: 7,
    };
    const league = apply(community, { id: 7, name: 'reset', data: { reason: 'gap', league: state } });
    expect(league.status).toBe('open');
    expect(league.members.map((one) => one.nickname)).toEqual(['Cal', 'Ana']);
    expect(standingRows(league).map((one) => [one.rank, one.nickname])).toEqual([
      [1, 'Cal'],
      [450, 'Ana'],
    ]);
  });

  it('counts members as they join and leave', () => {
    let league = apply(liveLeague(anasLeague()), { id: 4, name: 'member', data: { action: 'joined', member: memberState(CAL_ID, 'Cal') } });
    expect(league.memberCount).toBe(3);
    league = apply(league, { id: 5, name: 'member', data: { action: 'removed', memberId: CAL_ID, nickname: 'Cal' } });
    expect(league.memberCount).toBe(2);
  });

  it('ranks as the domain does, and gives the page’s cache the league as the server would', () => {
    const league = apply(liveLeague(anasLeague()), bensMarks(4, { seen: 2, lines: 0, reachedAt: at(2) }));
    // Both have seen 2: Ben got there first.
    expect(rankedMembers(league.members).map((one) => [one.rank, one.nickname])).toEqual([
      [1, 'Ben'],
      [2, 'Ana'],
    ]);
    const cached = asLeague(league);
    expect(cached.isOwner).toBe(true);
    expect(cached.members.map((one) => [one.nickname, one.rank, one.isYou])).toEqual([
      ['Ben', 1, false],
      ['Ana', 2, true],
    ]);
  });
});
