import { sql, type Kysely } from 'kysely';

/**
 * Leagues (DESIGN §10, decision 082): players without accounts, their seen marks, one-time device
 * links, leagues with their members and the durable log of each league's events.
 *
 * - A player is known by the SHA-256 of random keys that only its browsers hold (a cookie each).
 * - Marks keep unseen rows too: per movie the latest change wins, across devices.
 * - A member row stays when its player leaves or is removed (`left_at`), so the feed keeps the
 *   nickname; "Forget me" deletes the player's rows, and its events then name "a former player".
 * - A league's events are numbered 1, 2, 3 … by `leagues.last_event_id`, which every writer
 *   increments under the league row's lock: events commit in their numbers' order, so a stream
 *   that has sent event n has sent every event before it. The writer signals other processes
 *   itself (league-signals.ts: NOTIFY in the transaction, or Redis after it).
 * - Community leagues (the organisers' "MINGO {year}") log no marks or joins: their standings go
 *   out coalesced, once a second (league-hub.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table players (
      id uuid primary key default gen_random_uuid(),
      created_at timestamptz(3) not null default now()
    )`.execute(db);

  // One key per browser: a device link gives the new browser a key of its own.
  await sql`
    create table player_keys (
      key_hash text primary key,
      player_id uuid not null references players (id) on delete cascade,
      created_at timestamptz(3) not null default now()
    )`.execute(db);
  await sql`create index player_keys_player on player_keys (player_id)`.execute(db);

  await sql`
    create table player_marks (
      player_id uuid not null references players (id) on delete cascade,
      movie_id text not null references movies (id) on delete cascade,
      seen boolean not null,
      changed_at timestamptz(3) not null,
      primary key (player_id, movie_id)
    )`.execute(db);
  await sql`create index player_marks_movie on player_marks (movie_id)`.execute(db);

  await sql`
    create table player_links (
      token_hash text primary key,
      player_id uuid not null references players (id) on delete cascade,
      expires_at timestamptz(3) not null,
      used_at timestamptz(3)
    )`.execute(db);
  await sql`create index player_links_player on player_links (player_id)`.execute(db);

  await sql`
    create table leagues (
      id uuid primary key default gen_random_uuid(),
      code text not null unique check (code ~ '^[A-HJKMNP-Z2-9]{6}$'),
      name text not null check (char_length(name) between 1 and 60),
      year integer not null check (year between 2000 and 2255),
      community boolean not null default false,
      created_at timestamptz(3) not null default now(),
      closed_at timestamptz(3),
      closed_by text check (closed_by in ('owner', 'admin')),
      -- The draw deck: the cells (0–24) still to come, in order; empty means reshuffle.
      deck smallint[] not null default '{}',
      draw_cell smallint check (draw_cell between 0 and 24),
      drawn_at timestamptz(3),
      last_event_id bigint not null default 0,
      check ((closed_at is null) = (closed_by is null))
    )`.execute(db);
  await sql`create index leagues_open_by_year on leagues (year, created_at) where closed_at is null`.execute(db);
  // One community league a year (the organisers' "MINGO {year}").
  await sql`create unique index leagues_community_year on leagues (year) where community and closed_at is null`.execute(db);

  await sql`
    create table league_members (
      id uuid primary key default gen_random_uuid(),
      league_id uuid not null references leagues (id) on delete cascade,
      player_id uuid not null references players (id) on delete cascade,
      nickname text not null check (char_length(nickname) between 1 and 24),
      nickname_key text not null,
      is_owner boolean not null default false,
      joined_at timestamptz(3) not null default now(),
      left_at timestamptz(3),
      left_how text check (left_how in ('left', 'removed')),
      seen smallint not null default 0 check (seen between 0 and 24),
      lines smallint not null default 0 check (lines between 0 and 12),
      blackout boolean not null default false,
      first_line_at timestamptz(3),
      blackout_at timestamptz(3),
      reached_at timestamptz(3) not null default now(),
      check ((left_at is null) = (left_how is null)),
      check (not (is_owner and left_at is not null))
    )`.execute(db);
  await sql`create unique index league_members_active_player on league_members (league_id, player_id) where left_at is null`.execute(db);
  await sql`create unique index league_members_active_nickname on league_members (league_id, nickname_key) where left_at is null`.execute(
    db,
  );
  await sql`create unique index league_members_one_owner on league_members (league_id) where is_owner`.execute(db);
  await sql`create index league_members_player on league_members (player_id) where left_at is null`.execute(db);

  await sql`
    create table league_events (
      league_id uuid not null references leagues (id) on delete cascade,
      id bigint not null,
      kind text not null check (kind in ('member', 'marks', 'standing', 'draw', 'closed', 'reset')),
      member_id uuid,
      data jsonb not null,
      created_at timestamptz(3) not null default now(),
      primary key (league_id, id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table league_events`.execute(db);
  await sql`drop table league_members`.execute(db);
  await sql`drop table leagues`.execute(db);
  await sql`drop table player_links`.execute(db);
  await sql`drop table player_marks`.execute(db);
  await sql`drop table player_keys`.execute(db);
  await sql`drop table players`.execute(db);
}
