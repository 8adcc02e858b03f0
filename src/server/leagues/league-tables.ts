import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/** Row types of migration 0080-leagues, named as in SQL. */
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type RequiredTime = ColumnType<Date, Date | string, Date | string>;

export type PlayersTable = {
  id: Generated<string>;
  created_at: Timestamp;
};

export type PlayerKeysTable = {
  key_hash: string;
  player_id: string;
  created_at: Timestamp;
};

export type PlayerMarksTable = {
  player_id: string;
  movie_id: string;
  seen: boolean;
  changed_at: RequiredTime;
};

export type PlayerLinksTable = {
  token_hash: string;
  player_id: string;
  expires_at: RequiredTime;
  used_at: NullableTime;
};

export type LeaguesTable = {
  id: Generated<string>;
  code: string;
  name: string;
  year: number;
  community: Generated<boolean>;
  created_at: Timestamp;
  closed_at: NullableTime;
  closed_by: ColumnType<'owner' | 'admin' | null, 'owner' | 'admin' | null | undefined, 'owner' | 'admin' | null>;
  deck: ColumnType<number[], number[] | undefined, number[]>;
  draw_cell: ColumnType<number | null, number | null | undefined, number | null>;
  drawn_at: NullableTime;
  last_event_id: Generated<number>;
};

export type LeagueMembersTable = {
  id: Generated<string>;
  league_id: string;
  player_id: string;
  nickname: string;
  nickname_key: string;
  is_owner: Generated<boolean>;
  joined_at: Timestamp;
  left_at: NullableTime;
  left_how: ColumnType<'left' | 'removed' | null, 'left' | 'removed' | null | undefined, 'left' | 'removed' | null>;
  seen: Generated<number>;
  lines: Generated<number>;
  blackout: Generated<boolean>;
  first_line_at: NullableTime;
  blackout_at: NullableTime;
  reached_at: Timestamp;
};

export type LeagueEventKind = 'member' | 'marks' | 'standing' | 'draw' | 'closed' | 'reset';

export type LeagueEventsTable = {
  league_id: string;
  id: number;
  kind: LeagueEventKind;
  member_id: string | null;
  data: ColumnType<unknown, string, string>;
  created_at: Timestamp;
};

export type LeagueTables = {
  players: PlayersTable;
  player_keys: PlayerKeysTable;
  player_marks: PlayerMarksTable;
  player_links: PlayerLinksTable;
  leagues: LeaguesTable;
  league_members: LeagueMembersTable;
  league_events: LeagueEventsTable;
};
