import { type RawBuilder, sql } from 'kysely';
import type { MarkState } from '../../domain/leagues';
import { compiledOnce } from '../db/compiled-once';
import type { Executor } from '../db/database';

export type PlayerRow = { id: string; created_at: Date };
/** A movie as a mark reads it (`markedMovies`). */
export type MarkedMovie = { id: string; name: string; published: boolean; kept: MarkState | undefined };

// A mark's statements, compiled once (decision 212).

/** The player of a browser's key. */
const byKey = (db: Executor, keyHash: string) =>
  db
    .selectFrom('player_keys')
    .innerJoin('players', 'players.id', 'player_keys.player_id')
    .select(['players.id', 'players.created_at'])
    .where('player_keys.key_hash', '=', keyHash);

/** The player of a browser's key, locked for the rest of the transaction. */
const lockByKeyHashStatement = compiledOnce(['keyHash'], (db, p: { keyHash: string }) => byKey(db, p.keyHash).forUpdate('players'));

/** See markedMovies: the movies that `idMatches` keeps. */
const markedMoviesWhere = (db: Executor, playerId: string, idMatches: RawBuilder<boolean>) =>
  db
    .selectFrom('movies as mv')
    .leftJoin('player_marks as pm', (join) => join.onRef('pm.movie_id', '=', 'mv.id').on('pm.player_id', '=', playerId))
    .select(['mv.id', 'mv.name', 'pm.seen', 'pm.changed_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('board_slots as s')
            .innerJoin('boards as b', 'b.year', 's.board_year')
            .select('s.position')
            .whereRef('s.movie_id', '=', 'mv.id')
            .where('b.status', '=', 'published'),
        )
        .as('published'),
    )
    .where(idMatches);

/**
 * One movie (a mark as a phone sends it) and several (a device's sync) are two statements.
 * PostgreSQL guesses ten elements for an array parameter, so the array's plan for any number of
 * ids looks dearer than one planned for the ids given, and it planned the statement on every call:
 * 0.58 ms a mark, six times the statement's run. With one id by `=`, the kept plan serves every
 * call (decision 217).
 */
const markedMovieStatement = compiledOnce(['playerId', 'movieId'], (db, p: { playerId: string; movieId: string }) =>
  markedMoviesWhere(db, p.playerId, sql<boolean>`mv.id = ${p.movieId}`),
);
const markedMoviesStatement = compiledOnce(['playerId', 'movieIds'], (db, p: { playerId: string; movieIds: readonly string[] }) =>
  markedMoviesWhere(db, p.playerId, sql<boolean>`mv.id = any(${p.movieIds}::text[])`),
);

/**
 * See saveMarks: the marks go in as three arrays of the same length (movie ids, seen, ISO times),
 * one row each.
 */
const saveMarksStatement = compiledOnce(
  ['playerId', 'movieIds', 'seen', 'changedAt'],
  (db, p: { playerId: string; movieIds: readonly string[]; seen: readonly boolean[]; changedAt: readonly string[] }) =>
    db
      .with('saved', (qb) =>
        qb
          .insertInto('player_marks')
          .columns(['player_id', 'movie_id', 'seen', 'changed_at'])
          .expression(
            sql`select ${p.playerId}::uuid, m.movie_id, m.seen, m.changed_at
              from unnest(${p.movieIds}::text[], ${p.seen}::boolean[], ${p.changedAt}::timestamptz[]) as m (movie_id, seen, changed_at)`,
          )
          .onConflict((oc) =>
            oc.columns(['player_id', 'movie_id']).doUpdateSet({ seen: sql`excluded.seen`, changed_at: sql`excluded.changed_at` }),
          )
          .returning(['movie_id', 'seen']),
      )
      .selectFrom('player_marks')
      .select('movie_id')
      .where('player_id', '=', p.playerId)
      .where('seen', '=', true)
      .where('movie_id', 'not in', (eb) => eb.selectFrom('saved').select('saved.movie_id'))
      .unionAll((eb) => eb.selectFrom('saved').select('saved.movie_id').where('saved.seen', '=', true))
      .orderBy('movie_id'),
);

/** Players, their browsers' keys, their seen marks and their device links (migration 0080). */
export function createPlayerRepository(db: Executor) {
  /** The movies the player has seen, in a stable order. */
  const seenIds = async (playerId: string): Promise<string[]> => {
    const rows = await db
      .selectFrom('player_marks')
      .select('movie_id')
      .where('player_id', '=', playerId)
      .where('seen', '=', true)
      .orderBy('movie_id')
      .execute();
    return rows.map((row) => row.movie_id);
  };

  return {
    async byKeyHash(keyHash: string): Promise<PlayerRow | undefined> {
      return byKey(db, keyHash).executeTakeFirst();
    },

    async create(keyHash: string): Promise<PlayerRow> {
      const player = await db.insertInto('players').defaultValues().returning(['id', 'created_at']).executeTakeFirstOrThrow();
      await db.insertInto('player_keys').values({ key_hash: keyHash, player_id: player.id }).execute();
      return player;
    },

    async addKey(playerId: string, keyHash: string): Promise<void> {
      await db.insertInto('player_keys').values({ key_hash: keyHash, player_id: playerId }).execute();
    },

    /** The player of a browser's key, locked as `lock` does (one statement for both). */
    async lockByKeyHash(keyHash: string): Promise<PlayerRow | undefined> {
      const [row] = await lockByKeyHashStatement(db, { keyHash });
      return row;
    },

    /** Locks the player for the rest of the transaction: its marks and memberships change one request at a time. */
    async lock(playerId: string): Promise<PlayerRow | undefined> {
      return db.selectFrom('players').select(['id', 'created_at']).where('id', '=', playerId).forUpdate().executeTakeFirst();
    },

    async delete(playerId: string): Promise<void> {
      await db.deleteFrom('players').where('id', '=', playerId).execute();
    },

    /**
     * What a mark reads of its movies, in one statement: each known movie's name, whether it sits
     * on a published board, and the player's kept state of it (none when never marked). Unknown
     * ids are left out. Read after the player's lock, so the kept states are the latest.
     */
    async markedMovies(playerId: string, movieIds: readonly string[]): Promise<MarkedMovie[]> {
      if (movieIds.length === 0) return [];
      const [movieId, ...more] = movieIds;
      const rows =
        more.length === 0 && movieId !== undefined
          ? await markedMovieStatement(db, { playerId, movieId })
          : await markedMoviesStatement(db, { playerId, movieIds });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        published: Boolean(row.published),
        kept: row.seen === null || row.changed_at === null ? undefined : { seen: row.seen, at: row.changed_at.getTime() },
      }));
    },

    /** Keeps these marks and answers `seenIds` after them, in one statement (a mark's write is a round trip shorter). */
    async saveMarks(playerId: string, marks: ReadonlyMap<string, MarkState>): Promise<string[]> {
      if (marks.size === 0) return seenIds(playerId);
      // The outer query sees the rows as they were before the insert: the saved movies come from it.
      const saved = [...marks];
      const rows = await saveMarksStatement(db, {
        playerId,
        movieIds: saved.map(([movieId]) => movieId),
        seen: saved.map(([, mark]) => mark.seen),
        changedAt: saved.map(([, mark]) => new Date(mark.at).toISOString()),
      });
      return rows.map((row) => row.movie_id);
    },

    seenIds,

    async createLink(playerId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      // Spent and expired links of anyone go with the next one made: the table stays small.
      await db
        .deleteFrom('player_links')
        .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
        .execute();
      await db.insertInto('player_links').values({ token_hash: tokenHash, player_id: playerId, expires_at: expiresAt }).execute();
    },

    /** Spends a link: its player, once, while it has not expired. */
    async redeemLink(tokenHash: string, now: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('player_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('player_id')
        .executeTakeFirst();
      return row?.player_id;
    },
  };
}

export type PlayerRepository = ReturnType<typeof createPlayerRepository>;
