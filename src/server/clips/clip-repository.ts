import { sql } from 'kysely';
import { mediaPath, type OwnedClip, type ClipSort } from '../../shared/clips';
import { createUserRepository } from '../auth/user-repository';
import type { Executor } from '../db/database';

export type NewClip = {
  ownerId: string;
  title: string;
  videoKey: string;
  videoMime: string;
  videoBytes: number;
  screenshotKey: string;
  screenshotMime: string;
  createdAt?: Date;
};

export type ClipFiles = { videoKey: string; screenshotKey: string };

type Page = { items: OwnedClip[]; nextCursor: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only well-formed ids reach SQL (a malformed uuid would be a database error, not "not found"). */
export const isClipId = (id: string): boolean => UUID.test(id);

type Cursor = { createdAt: Date; id: string };

/** Opaque keyset cursor: the last row's (created_at, id), base64url-encoded. */
function encodeCursor({ createdAt, id }: Cursor): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

/** A cursor we did not make reads as "no cursor" would be wrong; it reads as the end instead. */
export function decodeCursor(cursor: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !isClipId(id)) return null;
    const createdAt = new Date(at);
    // Within what PostgreSQL's timestamptz stores (and what encodeCursor writes): years 1 to 9999.
    const year = createdAt.getUTCFullYear();
    return Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999 ? null : { createdAt, id };
  } catch {
    return null;
  }
}

function selectClips(db: Executor) {
  return db
    .selectFrom('clips')
    .innerJoin('user', 'user.id', 'clips.owner_id')
    .select([
      'clips.id',
      'clips.title',
      'clips.owner_id',
      'clips.video_key',
      'clips.screenshot_key',
      'clips.created_at',
      'user.name as owner_name',
    ]);
}

type ClipRow = {
  id: string;
  title: string;
  owner_id: string;
  video_key: string;
  screenshot_key: string;
  created_at: Date;
  owner_name: string;
};

/** The one place rows become the wire shape (the specification’s Clip fields; public answers drop ownerId). */
function toClip(row: ClipRow): OwnedClip {
  return {
    docID: row.id,
    title: row.title,
    displayName: row.owner_name,
    ownerId: row.owner_id,
    timestamp: row.created_at.toISOString(),
    screenshotURL: mediaPath(row.screenshot_key),
    url: mediaPath(row.video_key),
  };
}

function toPage(rows: ClipRow[], limit: number): Page {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last !== undefined ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { items: items.map(toClip), nextCursor };
}

/** A new clip as its row. */
function newClipRow(clip: NewClip) {
  return {
    owner_id: clip.ownerId,
    title: clip.title,
    video_key: clip.videoKey,
    video_mime: clip.videoMime,
    video_bytes: clip.videoBytes,
    screenshot_key: clip.screenshotKey,
    screenshot_mime: clip.screenshotMime,
    ...(clip.createdAt === undefined ? {} : { created_at: clip.createdAt }),
  };
}

/**
 * The clip repository over a database handle. Build it over a transaction to take part in it
 * (`db.transaction().execute((trx) => createClipRepository(trx)…)`, as demo seeding does).
 */
export function createClipRepository(db: Executor) {
  async function findById(id: string): Promise<OwnedClip | null> {
    if (!isClipId(id)) return null;
    const row = await selectClips(db).where('clips.id', '=', id).executeTakeFirst();
    return row === undefined ? null : toClip(row);
  }

  return {
    findById,

    async insert(clip: NewClip): Promise<OwnedClip> {
      const { id } = await db.insertInto('clips').values(newClipRow(clip)).returning('id').executeTakeFirstOrThrow();
      const created = await selectClips(db).where('clips.id', '=', id).executeTakeFirstOrThrow();
      return toClip(created);
    },

    /** Several clips in one statement (the demo clips). */
    async insertMany(clips: readonly NewClip[]): Promise<void> {
      if (clips.length > 0) await db.insertInto('clips').values(clips.map(newClipRow)).execute();
    },

    /** The newest clip whose title is exactly `title` (the movie modal looks clips up by movie name). */
    async findNewestByTitle(title: string): Promise<OwnedClip | null> {
      const row = await selectClips(db)
        .where('clips.title', '=', title)
        .orderBy('clips.created_at', 'desc')
        .orderBy('clips.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? null : toClip(row);
    },

    /** Newest first, keyset-paginated: stable under concurrent inserts, no OFFSET scans. */
    async listNewest({ cursor, limit }: { cursor?: string | undefined; limit: number }): Promise<Page> {
      let query = selectClips(db);
      if (cursor !== undefined) {
        const after = decodeCursor(cursor);
        if (after === null) return { items: [], nextCursor: null };
        query = query.where(sql<boolean>`(clips.created_at, clips.id) < (${after.createdAt}, ${after.id}::uuid)`);
      }
      const rows = await query
        .orderBy('clips.created_at', 'desc')
        .orderBy('clips.id', 'desc')
        .limit(limit + 1)
        .execute();
      return toPage(rows, limit);
    },

    /** One owner's clips, or everyone's when `ownerId` is undefined (admins' "All clips"), in `sort` order. */
    async listByOwner({
      ownerId,
      sort,
      cursor,
      limit,
    }: {
      ownerId: string | undefined;
      sort: ClipSort;
      cursor?: string | undefined;
      limit: number;
    }): Promise<Page> {
      const direction = sort === '2' ? 'asc' : 'desc';
      let query = selectClips(db).$if(ownerId !== undefined, (qb) => qb.where('clips.owner_id', '=', ownerId ?? ''));
      if (cursor !== undefined) {
        const after = decodeCursor(cursor);
        if (after === null) return { items: [], nextCursor: null };
        query =
          direction === 'desc'
            ? query.where(sql<boolean>`(clips.created_at, clips.id) < (${after.createdAt}, ${after.id}::uuid)`)
            : query.where(sql<boolean>`(clips.created_at, clips.id) > (${after.createdAt}, ${after.id}::uuid)`);
      }
      const rows = await query
        .orderBy('clips.created_at', direction)
        .orderBy('clips.id', direction)
        .limit(limit + 1)
        .execute();
      return toPage(rows, limit);
    },

    /** Everyone who has at least one clip, by name (the owner filter of "All clips"). */
    async owners(): Promise<{ id: string; name: string }[]> {
      return createUserRepository(db).clipOwners();
    },

    async ownerOf(id: string): Promise<string | null> {
      if (!isClipId(id)) return null;
      const row = await db.selectFrom('clips').select('owner_id').where('id', '=', id).executeTakeFirst();
      return row?.owner_id ?? null;
    },

    async updateTitle(id: string, title: string): Promise<OwnedClip | null> {
      if (!isClipId(id)) return null;
      const updated = await db.updateTable('clips').set({ title }).where('id', '=', id).returning('id').executeTakeFirst();
      return updated === undefined ? null : findById(id);
    },

    /** Deletes the row and returns the keys of its files, which the caller removes afterwards. */
    async delete(id: string): Promise<ClipFiles | null> {
      if (!isClipId(id)) return null;
      const row = await db.deleteFrom('clips').where('id', '=', id).returning(['video_key', 'screenshot_key']).executeTakeFirst();
      return row === undefined ? null : { videoKey: row.video_key, screenshotKey: row.screenshot_key };
    },

    /** The media keys (videos and screenshots) clip rows name: all of them, or those among `keys`. */
    async mediaKeys(among?: readonly string[]): Promise<Set<string>> {
      if (among?.length === 0) return new Set();
      let query = db.selectFrom('clips').select(['video_key', 'screenshot_key']);
      if (among !== undefined) query = query.where((eb) => eb.or([eb('video_key', 'in', among), eb('screenshot_key', 'in', among)]));
      const rows = await query.execute();
      return new Set(rows.flatMap((row) => [row.video_key, row.screenshot_key]));
    },

    async count(): Promise<number> {
      const { n } = await db
        .selectFrom('clips')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return n;
    },
  };
}

export type ClipRepository = ReturnType<typeof createClipRepository>;
