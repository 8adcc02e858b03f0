import { rankMembers } from '../../../domain/leagues';
import {
  feedItemsOf,
  LEAGUE_LIMITS,
  type FeedEntry,
  type League,
  type LeagueDraw,
  type LeagueEvent,
  type MemberState,
} from '../../../shared/leagues';

// A league as its page shows it, kept up to date by the league's events (decision 081). Applying
// an event is idempotent: the league's events are numbered in order, and one at or below the last
// applied id changes nothing, so an event heard twice (a resumed stream, an answer and its event)
// is applied once. A community league's `standing` messages are the exception (decision 084):
// they are not logged and carry no id of their own, and each one is the whole of the standings at
// its tick, so each is taken as it comes and leaves the last applied id alone.

export type LeagueStatus = 'open' | 'closed' | 'removed' | 'left';

export type LiveLeague = {
  code: string;
  name: string;
  year: number;
  /** The organisers' league of the year: `members` holds its leaders only. */
  community: boolean;
  memberCount: number;
  joinUrl: string;
  memberLimit: number;
  /** This browser's member id in the league. */
  youId: string;
  /**
   * This member's rank as the server last gave it (null when the answer held none). A community
   * league lists its leaders only, so its page shows this rank rather than one counted here.
   */
  youRank: number | null;
  members: MemberState[];
  draw: LeagueDraw | null;
  /** Newest first. */
  feed: FeedEntry[];
  lastEventId: number;
  status: LeagueStatus;
  closedBy: 'owner' | 'admin' | null;
};

export type LeagueAction =
  /** A whole league from the server (the page's GET, a rename's answer): taken unless the page is ahead of it. */
  | { type: 'loaded'; league: League }
  | { type: 'event'; event: LeagueEvent; receivedAt: string }
  /** The page's own actions, before (or without) their event. */
  | { type: 'drawn'; draw: LeagueDraw }
  | { type: 'member-gone'; memberId: string }
  | { type: 'closed' }
  | { type: 'left' }
  /** The owner's new code (its `reset` event follows). */
  | { type: 'recoded'; code: string; joinUrl: string };

export function liveLeague(league: League): LiveLeague {
  const { isOwner: _isOwner, members, ...rest } = league;
  const you = members.find((member) => member.isYou);
  return {
    ...rest,
    youId: you?.id ?? '',
    youRank: you?.rank ?? null,
    members: members.map(({ isYou: _isYou, rank: _rank, ...member }) => member),
    status: you === undefined ? 'removed' : 'open',
    closedBy: null,
  };
}

export function isOwner(league: LiveLeague): boolean {
  return league.members.some((member) => member.id === league.youId && member.isOwner);
}

function withoutRank<T extends { rank: number }>({ rank: _rank, ...rest }: T): Omit<T, 'rank'> {
  return rest;
}

const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The members best first (the domain's ranking: MINGO, lines, seen, who got there first). */
export function rankedMembers(members: readonly MemberState[]): (MemberState & { rank: number })[] {
  return rankMembers(
    members.map((member) => ({
      member,
      seen: member.seen,
      lines: member.lines,
      blackout: member.blackout,
      blackoutAt: time(member.blackoutAt),
      reachedAt: Date.parse(member.reachedAt),
      joinedAt: Date.parse(member.joinedAt),
    })),
  ).map(({ member, rank }) => ({ ...member, rank }));
}

/**
 * The standings' rows, best first. A friends' league ranks all its members here; a community
 * league's members are its leaders and this member, so this member's row carries the rank the
 * server sent (#137 below a top 20 that ranks 1–20 here as on the server).
 */
export function standingRows(league: Pick<LiveLeague, 'members' | 'community' | 'youId' | 'youRank'>): (MemberState & { rank: number })[] {
  const ranked = rankedMembers(league.members);
  const { youRank } = league;
  if (!league.community || youRank === null) return ranked;
  return ranked.map((member) => (member.id === league.youId ? { ...member, rank: youRank } : member));
}

function withFeed(league: LiveLeague, event: LeagueEvent, receivedAt: string): FeedEntry[] {
  const entries = feedItemsOf(event).map((item) => ({ id: event.id, at: receivedAt, item }));
  return [...entries.reverse(), ...league.feed].slice(0, LEAGUE_LIMITS.feedMax);
}

function applyEvent(league: LiveLeague, event: LeagueEvent, receivedAt: string): LiveLeague {
  const next = { ...league, lastEventId: event.id };
  switch (event.name) {
    case 'member': {
      const data = event.data;
      if (data.action === 'joined') {
        const others = league.members.filter((member) => member.id !== data.member.id);
        const memberCount = league.memberCount + (others.length < league.members.length ? 0 : 1);
        return { ...next, members: [...others, data.member], memberCount, feed: withFeed(league, event, receivedAt) };
      }
      const members = league.members.filter((member) => member.id !== data.memberId);
      const status = data.memberId === league.youId ? (data.action === 'left' ? 'left' : 'removed') : league.status;
      const memberCount = Math.max(members.length, league.memberCount - 1);
      return { ...next, members, memberCount, status, feed: withFeed(league, event, receivedAt) };
    }
    case 'marks': {
      const { memberId, changes, nickname: _nickname, newLines: _newLines, mingo: _mingo, ...standing } = event.data;
      const members = league.members.map((member) => {
        if (member.id !== memberId) return member;
        const marks = new Set(member.marks);
        for (const change of changes) {
          if (change.seen) marks.add(change.movieId);
          else marks.delete(change.movieId);
        }
        return { ...member, ...standing, marks: [...marks] };
      });
      return { ...next, members, feed: withFeed(league, event, receivedAt) };
    }
    case 'standing': {
      // A community league's leaders, in rank order, and this member's own place: standings without
      // mini-boards (the message goes to every member every second), so the marks known stay.
      const { top, memberCount, you } = event.data;
      const known = new Map(league.members.map((member) => [member.id, member.marks]));
      const listed = you === null || top.some((member) => member.id === you.id) ? top : [...top, you];
      const members = listed.map((member) => ({ ...withoutRank(member), marks: known.get(member.id) ?? [] }));
      return { ...league, members, memberCount, youRank: you?.rank ?? league.youRank };
    }
    case 'draw':
      return { ...next, draw: event.data, feed: withFeed(league, event, receivedAt) };
    case 'closed':
      return { ...next, status: 'closed', closedBy: event.data.by };
    case 'reset': {
      const state = event.data.league;
      // A community league's state lists its leaders only: this member below them stays (with
      // the rank last sent) rather than read as removed. Only a friends' league lists everyone.
      const own = league.members.find((member) => member.id === league.youId);
      const listed = state.members.some((member) => member.id === league.youId);
      const you = listed || state.community;
      const members = listed || own === undefined || !state.community ? state.members : [...state.members, own];
      const feed = event.id > state.lastEventId ? withFeed({ ...league, feed: state.feed }, event, receivedAt) : state.feed;
      return {
        ...next,
        code: state.code,
        name: state.name,
        year: state.year,
        community: state.community,
        memberCount: state.memberCount,
        joinUrl: league.code === state.code ? league.joinUrl : league.joinUrl.replace(league.code, state.code),
        members,
        draw: state.draw,
        feed,
        lastEventId: Math.max(event.id, state.lastEventId),
        status: you ? league.status : 'removed',
      };
    }
  }
}

export function leagueReducer(league: LiveLeague, action: LeagueAction): LiveLeague {
  switch (action.type) {
    case 'loaded': {
      if (action.league.lastEventId < league.lastEventId) return league;
      const loaded = liveLeague(action.league);
      return { ...loaded, status: league.status === 'open' ? loaded.status : league.status, closedBy: league.closedBy };
    }
    case 'event':
      if (action.event.name === 'standing') return applyEvent(league, action.event, action.receivedAt);
      return action.event.id <= league.lastEventId ? league : applyEvent(league, action.event, action.receivedAt);
    case 'drawn':
      return { ...league, draw: action.draw };
    case 'member-gone':
      return { ...league, members: league.members.filter((member) => member.id !== action.memberId) };
    case 'closed':
      return { ...league, status: 'closed', closedBy: league.closedBy ?? 'owner' };
    case 'left':
      return { ...league, status: 'left' };
    case 'recoded':
      return { ...league, code: action.code, joinUrl: action.joinUrl };
  }
}

/** The league as `GET /api/leagues/:code` would answer it now (for the page's cache when the code changes). */
export function asLeague(league: LiveLeague): League {
  const { youId, youRank: _youRank, status: _status, closedBy: _closedBy, members: _members, ...rest } = league;
  return {
    ...rest,
    isOwner: isOwner(league),
    members: standingRows(league).map((member) => ({ ...member, isYou: member.id === youId })),
  };
}
