import { z } from 'zod';
import { pickName } from '../domain/boards';
import { checkNickname, LEAGUE_CODE_LENGTH, NICKNAME_MAX, normalizeLeagueCode, type FeedItem } from '../domain/leagues';
import { BoardYearSchema, MovieIdSchema } from './boards';
import { BODY_LIMITS, endpoint, rawResponse } from './contract';
import { safeText, singleLineText } from './text';

// Leagues (DESIGN §10, decision 082): players without accounts, marks on every device, leagues of
// friends with live standings. A player is a browser holding the httpOnly `mingo_player` cookie;
// the routes under /api/me and /api/leagues read it (no staff session involved).

export const LEAGUE_LIMITS = {
  nameMax: 60,
  nicknameMax: NICKNAME_MAX,
  /** Memberships a player may hold at once. */
  leaguesPerPlayer: 20,
  /** LEAGUE_MAX_MEMBERS' default. */
  membersDefault: 50,
  /** Changes in one PUT /api/me/marks (the client sends more in several). */
  changesMax: 500,
  /** Recent activity the league page opens with. */
  feedMax: 50,
  /** A device link's life. */
  linkMinutes: 15,
} as const;

/** The cookie that carries a player's key (httpOnly, SameSite=Lax, Secure on HTTPS). */
export const PLAYER_COOKIE = 'mingo_player';

export const UNKNOWN_LEAGUE = 'There is no league with this code.';

/** A nickname as typed: trimmed; 1–24 characters; no control, line-break or text-direction characters. */
export const NicknameSchema = safeText({ error: 'Choose a nickname.' })
  .max(200, `A nickname has at most ${NICKNAME_MAX} characters.`)
  .transform((value, ctx) => {
    const checked = checkNickname(value);
    if (checked.ok) return checked.nickname;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

export const LeagueNameSchema = singleLineText({ error: 'Name the league.' })
  .trim()
  .min(1, 'Name the league.')
  .max(LEAGUE_LIMITS.nameMax, `A league name has at most ${LEAGUE_LIMITS.nameMax} characters.`)
  // Control characters (C1 too) are refused by singleLineText.
  .refine((value) => !/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(value), {
    error: 'A league name cannot contain text-direction characters.',
  });

/** Invite codes are read case-insensitively; anything that cannot be one is the same 404 as an unknown code. */
export const LeagueCodeSchema = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const code = normalizeLeagueCode(value);
    if (code !== null) return code;
    ctx.addIssue({ code: 'custom', message: `A league code is ${LEAGUE_CODE_LENGTH} letters and digits.` });
    return z.NEVER;
  });
export const LeagueCodeParamsSchema = z.object({ code: LeagueCodeSchema });

const Timestamp = z.string().meta({ description: 'ISO 8601 time' });

// ——— Players and marks ———

export const PlayerSchema = z.object({ id: z.string(), createdAt: Timestamp });

export const MarkChangeSchema = z.object({
  movieId: MovieIdSchema,
  seen: z.boolean({ error: 'seen must be true or false.' }),
  /** When the change was made on the device; a time in the future counts as the server's now. */
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 time.' }),
});
export type MarkChangeInput = z.input<typeof MarkChangeSchema>;

export const PutMarksBodySchema = z.object({
  changes: z.array(MarkChangeSchema).max(LEAGUE_LIMITS.changesMax, `Send at most ${LEAGUE_LIMITS.changesMax} changes at a time.`),
});

/** Every movie the player has seen (on any published board). */
export const MarksSchema = z.object({ marks: z.array(z.string()) });

/** A league as a list names it: its code, name, board year and size. */
const leagueSummary = { code: z.string(), name: z.string(), year: z.number().int(), memberCount: z.number().int() };

export const MyLeagueSchema = z.object({ ...leagueSummary, isOwner: z.boolean(), nickname: z.string() });
export type MyLeague = z.infer<typeof MyLeagueSchema>;

export const MeSchema = z.object({ player: PlayerSchema, marks: z.array(z.string()), leagues: z.array(MyLeagueSchema) });
export type Me = z.infer<typeof MeSchema>;

export const DeviceLinkSchema = z.object({ url: z.string(), expiresAt: Timestamp });
export type DeviceLink = z.infer<typeof DeviceLinkSchema>;

export const DeviceLinkParamsSchema = z.object({ token: z.string().max(100) });

// ——— Leagues ———

/** A member's standing (the domain's Standing, its times as ISO strings). */
const standing = {
  seen: z.number().int(),
  lines: z.number().int(),
  /** The whole board seen: the league's MINGO. */
  blackout: z.boolean(),
  firstLineAt: Timestamp.nullable(),
  blackoutAt: Timestamp.nullable(),
  /** When the member reached their current standing: ties go to the earlier. */
  reachedAt: Timestamp,
};

/** One member as every member sees them (the same bytes go to all: nothing in it is personal). */
export const MemberStateSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  isOwner: z.boolean(),
  ...standing,
  joinedAt: Timestamp,
  /** The member's seen movies on the league's board (their mini-board). */
  marks: z.array(z.string()),
});
export type MemberState = z.infer<typeof MemberStateSchema>;

export const MemberSchema = MemberStateSchema.extend({ isYou: z.boolean(), rank: z.number().int() });
export type Member = z.infer<typeof MemberSchema>;

export const LeagueDrawSchema = z.object({
  letter: z.enum(['M', 'I', 'N', 'G', 'O']),
  number: z.number().int().min(1).max(5),
  movieId: z.string(),
  movieName: z.string(),
  drawnAt: Timestamp,
});
export type LeagueDraw = z.infer<typeof LeagueDrawSchema>;

export const FeedItemSchema: z.ZodType<FeedItem> = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['joined', 'left', 'removed']), nickname: z.string() }),
  z.object({ kind: z.enum(['saw', 'unsaw']), nickname: z.string(), movieName: z.string() }),
  z.object({ kind: z.literal('line'), nickname: z.string(), lines: z.number().int() }),
  z.object({ kind: z.literal('mingo'), nickname: z.string() }),
  z.object({ kind: z.literal('draw'), square: z.string(), movieName: z.string() }),
  z.object({ kind: z.literal('renamed'), name: z.string() }),
]);

/** One line of the activity feed, from the event with this id. */
export const FeedEntrySchema = z.object({ id: z.number().int(), at: Timestamp, item: FeedItemSchema });
export type FeedEntry = z.infer<typeof FeedEntrySchema>;

/** A league as its event stream describes it: the same for every member. */
export const LeagueStateSchema = z.object({
  code: z.string(),
  name: z.string(),
  year: z.number().int(),
  /** The organisers' league of the year: open to every player, no member limit, standings coalesced. */
  community: z.boolean(),
  memberCount: z.number().int(),
  /** Every member of a friends' league; the leaders (top 20) of a community league. */
  members: z.array(MemberStateSchema),
  draw: LeagueDrawSchema.nullable(),
  /** Newest first. */
  feed: z.array(FeedEntrySchema),
  /** The id of the last event this state includes: a stream opened with it misses nothing. */
  lastEventId: z.number().int(),
});
export type LeagueState = z.infer<typeof LeagueStateSchema>;

/** GET /api/leagues/:code — what a member sees: the state, ranked, with who they are. */
export const LeagueSchema = LeagueStateSchema.extend({
  isOwner: z.boolean(),
  members: z.array(MemberSchema),
  joinUrl: z.string(),
  memberLimit: z.number().int(),
});
export type League = z.infer<typeof LeagueSchema>;

export const CreateLeagueBodySchema = z.object({ name: LeagueNameSchema, year: BoardYearSchema, nickname: NicknameSchema });
export const RenameLeagueBodySchema = z.object({ name: LeagueNameSchema });
export const JoinLeagueBodySchema = z.object({ nickname: NicknameSchema });

/** A league's invite: the code and the page that joins it. */
export const LeagueInviteSchema = z.object({ code: z.string(), name: z.string(), year: z.number().int(), joinUrl: z.string() });
export type LeagueInvite = z.infer<typeof LeagueInviteSchema>;

export const LeaguePreviewSchema = z.object({ name: z.string(), year: z.number().int(), memberCount: z.number().int() });
export type LeaguePreview = z.infer<typeof LeaguePreviewSchema>;

export const MemberParamsSchema = z.object({ code: LeagueCodeSchema, id: z.uuid() });

// ——— The live stream (text/event-stream): the `data:` of each event name ———

export const LEAGUE_EVENT_NAMES = ['member', 'marks', 'standing', 'draw', 'closed', 'reset'] as const;
export type LeagueEventName = (typeof LEAGUE_EVENT_NAMES)[number];

export const MemberEventSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joined'), member: MemberStateSchema }),
  z.object({ action: z.enum(['left', 'removed']), memberId: z.string(), nickname: z.string() }),
]);

export const MarksEventSchema = z.object({
  memberId: z.string(),
  nickname: z.string(),
  changes: z.array(z.object({ movieId: z.string(), movieName: z.string(), seen: z.boolean() })),
  ...standing,
  /** Lines this change completed, and whether it completed the whole board. */
  newLines: z.number().int(),
  mingo: z.boolean(),
});
export type MarksEvent = z.infer<typeof MarksEventSchema>;

export const ClosedEventSchema = z.object({ by: z.enum(['owner', 'admin']) });

export const ResetEventSchema = z.object({
  /** `gap`: the stream could not replay what was missed; the others: the owner changed the league. */
  reason: z.enum(['gap', 'renamed', 'code', 'owner']),
  league: LeagueStateSchema,
});
export type ResetEvent = z.infer<typeof ResetEventSchema>;

/** A member's place in a large league: their standing and rank, without the mini-board. */
export const YouSchema = MemberStateSchema.omit({ marks: true }).extend({ rank: z.number().int() });
export type You = z.infer<typeof YouSchema>;

/**
 * Coalesced standings of a community league, at most one a second: the leaders (in rank order),
 * the member count, and the subscriber's own place (null while they are no member).
 */
export const StandingEventSchema = z.object({
  /** The leaders with their ranks (no mini-boards: the message goes to every member every second). */
  top: z.array(YouSchema),
  memberCount: z.number().int(),
  you: YouSchema.nullable(),
});
export const COMMUNITY_TOP = 20;

export const LeagueEventSchemas = {
  member: MemberEventSchema,
  marks: MarksEventSchema,
  standing: StandingEventSchema,
  draw: LeagueDrawSchema,
  closed: ClosedEventSchema,
  reset: ResetEventSchema,
} as const satisfies Record<LeagueEventName, z.ZodType>;

export const LeagueEventsQuerySchema = z.object({
  /** For a fresh EventSource, which cannot set the Last-Event-ID header. */
  lastEventId: z.coerce.number().int().min(0).optional(),
});

export const CommunityLeagueSchema = z.object(leagueSummary);
export const CommunityLeaguesSchema = z.object({ items: z.array(CommunityLeagueSchema) });
export type CommunityLeague = z.infer<typeof CommunityLeagueSchema>;

/** The community league's name (the organisers' league of a year). */
export const communityLeagueName = (year: number): string => `MINGO ${year}`;

// ——— Admins ———

export const AdminLeagueSchema = z.object({ community: z.boolean(), ...leagueSummary, createdAt: Timestamp });

export const AdminLeaguesSchema = z.object({
  /** Open leagues and the players in them, per board year, newest year first. */
  years: z.array(z.object({ year: z.number().int(), leagues: z.number().int(), players: z.number().int() })),
  /** Open leagues, newest first. */
  items: z.array(AdminLeagueSchema),
  total: z.number().int(),
});
export type AdminLeagues = z.infer<typeof AdminLeaguesSchema>;

export const AdminLeaguesQuerySchema = z.object({
  year: BoardYearSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ADMIN_LEAGUES_PAGE_SIZE = 50;

// ——— Endpoints ———

const leagueErrors = ['not_found'] as const;

/** A route of one league: a code that is malformed answers the same 404 as an unknown one. */
const byCode = { tag: 'Leagues', params: LeagueCodeParamsSchema, paramsNotFound: UNKNOWN_LEAGUE };

export const getMe = endpoint({
  method: 'GET',
  path: '/api/me',
  summary: "This browser's player: its marks and leagues (404 when the browser is no player).",
  tag: 'Leagues',
  errors: ['not_found'],
  response: MeSchema,
});

export const forgetMe = endpoint({
  method: 'DELETE',
  path: '/api/me',
  summary: 'Forget me: deletes the player, its marks and memberships; past events name "a former player".',
  tag: 'Leagues',
  status: 204,
  errors: ['not_found'],
  response: z.undefined(),
});

export const putMarks = endpoint({
  method: 'PUT',
  path: '/api/me/marks',
  summary: 'Syncs seen marks (per movie the latest `at` wins) and answers the merged marks; makes this browser a player if it is not one.',
  tag: 'Leagues',
  body: PutMarksBodySchema,
  errors: ['validation_failed'],
  response: MarksSchema,
});

export const createDeviceLink = endpoint({
  method: 'POST',
  path: '/api/me/links',
  summary: 'A one-time link (15 minutes) that binds another browser to this player.',
  tag: 'Leagues',
  status: 201,
  errors: ['not_found'],
  response: DeviceLinkSchema,
});

export const redeemDeviceLink = endpoint({
  method: 'POST',
  path: '/api/me/links/:token',
  summary: 'Binds this browser to the player of a device link (once; expired or used links are 404).',
  tag: 'Leagues',
  params: DeviceLinkParamsSchema,
  paramsNotFound: 'This link has expired or has been used.',
  errors: ['not_found'],
  response: MeSchema,
});

export const createLeague = endpoint({
  method: 'POST',
  path: '/api/leagues',
  summary: "Makes a league for a published year's board; the caller (a player from now on) is its owner and first member.",
  tag: 'Leagues',
  status: 201,
  body: CreateLeagueBodySchema,
  maxBodyBytes: BODY_LIMITS.form,
  errors: ['validation_failed', 'conflict'],
  response: LeagueInviteSchema,
});

export const previewLeague = endpoint({
  method: 'GET',
  path: '/api/leagues/:code/preview',
  summary: "A league's name, year and size, for anyone holding its link.",
  ...byCode,
  errors: leagueErrors,
  response: LeaguePreviewSchema,
});

export const joinLeague = endpoint({
  method: 'POST',
  path: '/api/leagues/:code/members',
  summary: 'Joins a league with a nickname (unique in the league, ignoring case).',
  ...byCode,
  status: 201,
  body: JoinLeagueBodySchema,
  maxBodyBytes: BODY_LIMITS.form,
  errors: ['not_found', 'conflict', 'validation_failed'],
  response: LeagueSchema,
});

export const getLeague = endpoint({
  method: 'GET',
  path: '/api/leagues/:code',
  summary: 'Members only: the standings, mini-boards, feed and last draw (anyone else gets the 404 of an unknown code).',
  ...byCode,
  errors: leagueErrors,
  response: LeagueSchema,
});

export const renameLeague = endpoint({
  method: 'PATCH',
  path: '/api/leagues/:code',
  summary: 'Owner: renames the league.',
  ...byCode,
  body: RenameLeagueBodySchema,
  maxBodyBytes: BODY_LIMITS.form,
  errors: ['not_found', 'forbidden', 'validation_failed'],
  response: LeagueSchema,
});

export const rotateLeagueCode = endpoint({
  method: 'POST',
  path: '/api/leagues/:code/code',
  summary: 'Owner: a new invite code; the old one stops working.',
  ...byCode,
  errors: ['not_found', 'forbidden'],
  response: LeagueInviteSchema,
});

export const leaveLeague = endpoint({
  method: 'DELETE',
  path: '/api/leagues/:code/members/me',
  summary: 'Leaves the league (an owner who leaves hands it to the longest-standing member; the last one closes it).',
  ...byCode,
  status: 204,
  errors: leagueErrors,
  response: z.undefined(),
});

export const removeMember = endpoint({
  method: 'DELETE',
  path: '/api/leagues/:code/members/:id',
  summary: 'Owner: removes a member (their stream closes).',
  tag: 'Leagues',
  status: 204,
  params: MemberParamsSchema,
  paramsNotFound: 'There is no such member in this league.',
  errors: ['not_found', 'forbidden'],
  response: z.undefined(),
});

export const drawForLeague = endpoint({
  method: 'POST',
  path: '/api/leagues/:code/draws',
  summary: "Owner: Ask Mighty MINGO for everyone (the league's own deck of 25 pairs, no repeat until reshuffled).",
  ...byCode,
  status: 201,
  errors: ['not_found', 'forbidden'],
  response: LeagueDrawSchema,
});

export const closeLeague = endpoint({
  method: 'DELETE',
  path: '/api/leagues/:code',
  summary: 'Owner: closes the league for good (its page, streams and nicknames are gone).',
  ...byCode,
  status: 204,
  errors: ['not_found', 'forbidden'],
  response: z.undefined(),
});

export const leagueEvents = endpoint({
  method: 'GET',
  path: '/api/leagues/:code/events',
  summary: "Members only: the league's live events (Server-Sent Events), resumed after Last-Event-ID.",
  description:
    "Each event has `id:` (the league's event number), `event:` (member, marks, standing, draw, closed, reset) and JSON `data:`; " +
    'a comment every 25 s keeps the connection open. `Last-Event-ID` (or `?lastEventId=` for a fresh EventSource) resumes after ' +
    'that event; when it is too old to replay, a `reset` event carries the whole state.',
  ...byCode,
  query: LeagueEventsQuerySchema,
  headers: z.object({ 'last-event-id': z.string().max(20).optional() }),
  errors: ['not_found', 'rate_limited'],
  response: rawResponse('The event stream.', 'text/event-stream'),
});

export const communityLeagues = endpoint({
  method: 'GET',
  path: '/api/community-leagues',
  summary: 'The open community leagues ("MINGO {year}"), newest year first: any player may join.',
  tag: 'Leagues',
  response: CommunityLeaguesSchema,
});

export const openCommunityLeague = endpoint({
  method: 'POST',
  path: '/api/admin/leagues/community',
  summary: 'Admins: opens the community league "MINGO {year}" of a published year (one open per year).',
  tag: 'Leagues',
  status: 201,
  body: z.object({ year: BoardYearSchema }),
  maxBodyBytes: BODY_LIMITS.form,
  errors: ['validation_failed', 'conflict'],
  response: LeagueInviteSchema,
});

export const adminLeagues = endpoint({
  method: 'GET',
  path: '/api/admin/leagues',
  summary: 'Admins: open leagues and players per year, and each open league (newest first).',
  tag: 'Leagues',
  query: AdminLeaguesQuerySchema,
  response: AdminLeaguesSchema,
});

export const adminCloseLeague = endpoint({
  method: 'DELETE',
  path: '/api/admin/leagues/:code',
  summary: 'Admins: closes any league (its nicknames stop being served).',
  ...byCode,
  status: 204,
  errors: ['not_found'],
  response: z.undefined(),
});

// ——— Events as both sides handle them ———

/** One event of a league's stream, typed by its name. */
export type LeagueEvent = {
  [Name in LeagueEventName]: { id: number; name: Name; data: z.infer<(typeof LeagueEventSchemas)[Name]> };
}[LeagueEventName];

/** The feed lines an event makes (none for most resets and standings): the server's first page and the live page agree. */
export function feedItemsOf(event: LeagueEvent): FeedItem[] {
  switch (event.name) {
    case 'member':
      return event.data.action === 'joined'
        ? [{ kind: 'joined', nickname: event.data.member.nickname }]
        : [{ kind: event.data.action, nickname: event.data.nickname }];
    case 'marks': {
      const { nickname } = event.data;
      const items: FeedItem[] = event.data.changes.map((change) => ({
        kind: change.seen ? 'saw' : 'unsaw',
        nickname,
        movieName: change.movieName,
      }));
      if (event.data.newLines > 0) items.push({ kind: 'line', nickname, lines: event.data.newLines });
      if (event.data.mingo) items.push({ kind: 'mingo', nickname });
      return items;
    }
    case 'draw':
      return [{ kind: 'draw', square: pickName(event.data), movieName: event.data.movieName }];
    case 'reset':
      return event.data.reason === 'renamed' ? [{ kind: 'renamed', name: event.data.league.name }] : [];
    case 'standing':
    case 'closed':
      return [];
  }
}
