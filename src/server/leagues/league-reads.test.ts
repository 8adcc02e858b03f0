import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../../../tests/support/test-app';
import { memberStateOf, rankedRows } from './league-events';
import { createLeagueReads } from './league-reads';
import { createLeagueRepository } from './league-repository';

// A community league's standings are read once a tick in their own lean form (decision 083):
// they must rank and describe every member exactly as the league's state does.

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const ms = (offset: number | null) => (offset === null ? null : new Date(T0 + offset));

type Member = {
  nickname: string;
  seen: number;
  lines?: number;
  blackout?: boolean;
  firstLine?: number | null;
  blackoutAt?: number | null;
  reached: number;
  joined: number;
  left?: boolean;
  owner?: boolean;
};

// Ties on every key the ranking breaks them by, a MINGO earlier and later, one who left.
const MEMBERS: Member[] = [
  { nickname: 'Ana', seen: 5, lines: 1, firstLine: 400, reached: 400, joined: 0, owner: true },
  { nickname: 'Ben', seen: 5, lines: 1, firstLine: 300, reached: 400, joined: 10 },
  { nickname: 'Cy', seen: 24, lines: 12, blackout: true, firstLine: 50, blackoutAt: 900, reached: 900, joined: 20 },
  { nickname: 'Dee', seen: 24, lines: 12, blackout: true, firstLine: 60, blackoutAt: 800, reached: 800, joined: 30 },
  { nickname: 'Eli', seen: 7, reached: 123, joined: 40 },
  { nickname: 'Fay', seen: 7, reached: 123, joined: 40 },
  { nickname: 'Gus', seen: 9, reached: 5, joined: 50, left: true },
  { nickname: 'Hal', seen: 0, reached: 60, joined: 60 },
  { nickname: 'Ivy', seen: 6, lines: 1, firstLine: 1, reached: 1, joined: 70 },
];

describe('community standings', () => {
  let handle: DatabaseHandle;
  let leagueId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const league = await handle.db
      .insertInto('leagues')
      .values({ code: 'MNGABC', name: 'MINGO 2026', year: 2026, community: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    leagueId = league.id;
    for (const member of MEMBERS) {
      const player = await handle.db.insertInto('players').defaultValues().returning('id').executeTakeFirstOrThrow();
      await handle.db
        .insertInto('league_members')
        .values({
          league_id: leagueId,
          player_id: player.id,
          nickname: member.nickname,
          nickname_key: member.nickname.toLowerCase(),
          is_owner: member.owner ?? false,
          seen: member.seen,
          lines: member.lines ?? 0,
          blackout: member.blackout ?? false,
          first_line_at: ms(member.firstLine ?? null),
          blackout_at: ms(member.blackoutAt ?? null),
          reached_at: ms(member.reached) ?? new Date(T0),
          joined_at: ms(member.joined) ?? new Date(T0),
          left_at: member.left === true ? ms(1000) : null,
          left_how: member.left === true ? 'left' : null,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await handle.close();
  });

  it('ranks and describes every member as the league state does (one source of the order)', async () => {
    const reads = createLeagueReads(handle.db, { memberLimit: 50, publicUrl: 'http://localhost' });
    const standings = await reads.communityStandings(leagueId);
    const expected = rankedRows(await createLeagueRepository(handle.db).standingRows(leagueId)).map((row) => {
      const { marks: _marks, ...state } = memberStateOf(row, []);
      return { ...state, rank: row.rank };
    });

    // Eli and Fay tie on everything (joined in the same ms): the id decides, as the join order read.
    const names = expected.map((member) => member.nickname);
    expect([...names.slice(0, 5), ...names.slice(5, 7).sort(), names[7]]).toEqual(['Dee', 'Cy', 'Ivy', 'Ana', 'Ben', 'Eli', 'Fay', 'Hal']);
    expect(standings.memberCount).toBe(8);
    // The same JSON, key for key: the stream writes it as it is.
    expect(JSON.stringify(standings.top)).toBe(JSON.stringify(expected));
    for (const member of expected) {
      expect(standings.rankOf(member.id)).toBe(member.rank);
      expect(standings.movedAtOf(member.id)).toBe(Date.parse(member.reachedAt));
      expect(JSON.stringify(standings.placeOf(member.id))).toBe(JSON.stringify(member));
    }
    const gone = await handle.db.selectFrom('league_members').select('id').where('nickname', '=', 'Gus').executeTakeFirstOrThrow();
    expect(standings.rankOf(gone.id)).toBeUndefined();
    expect(standings.placeOf(gone.id)).toBeUndefined();
  });

  it('is empty for a league with no one in it', async () => {
    const reads = createLeagueReads(handle.db, { memberLimit: 50, publicUrl: 'http://localhost' });
    const standings = await reads.communityStandings('00000000-0000-4000-8000-000000000000');
    expect(standings).toMatchObject({ top: [], memberCount: 0 });
    expect(standings.rankOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
