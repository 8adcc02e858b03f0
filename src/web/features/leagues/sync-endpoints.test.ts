import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  getMe as sharedGetMe,
  MarksSchema as SharedMarksSchema,
  MeSchema as SharedMeSchema,
  putMarks as sharedPutMarks,
} from '../../../shared/leagues';
import type { Infer } from '../../lib/first-load-schemas';
import { expectTwinAgrees } from '../../test/twins';
import { getMe, MarksSchema, MeSchema, putMarks } from './sync-endpoints';

// The marks sync's twins accept and refuse exactly what the shared contract does.

const me = {
  player: { id: 'p-1', createdAt: '2030-05-01T10:00:00.000Z' },
  marks: ['2030-1', '2030-2'],
  leagues: [{ code: 'ABC234', name: 'Film Friends', year: 2030, memberCount: 3, isOwner: true, nickname: 'Ana' }],
};
const league = me.leagues[0];

const answers: [string, unknown][] = [
  ['a player', me],
  ['no marks, no leagues', { ...me, marks: [], leagues: [] }],
  ['an extra field (stripped)', { ...me, secret: 'x', player: { ...me.player, key: 'k' }, leagues: [{ ...league, extra: 1 }] }],
  ['a fractional year', { ...me, leagues: [{ ...league, year: 2030.5 }] }],
  ['a member count as a string', { ...me, leagues: [{ ...league, memberCount: '3' }] }],
  ['isOwner as a string', { ...me, leagues: [{ ...league, isOwner: 'true' }] }],
  ['no nickname', { ...me, leagues: [{ code: 'ABC234', name: 'x', year: 2030, memberCount: 1, isOwner: false }] }],
  ['a numeric mark', { ...me, marks: [1] }],
  ['no player', { marks: [], leagues: [] }],
  ['a player without createdAt', { ...me, player: { id: 'p' } }],
  ['null', null],
  ['an array', [me]],
];

describe('the marks sync’s twins', () => {
  it.each(answers)('MeSchema: %s', (_, input) => expectTwinAgrees(SharedMeSchema, MeSchema, input));

  it.each<[string, unknown]>([
    ['marks', { marks: ['a', 'b'] }],
    ['no marks', { marks: [] }],
    ['an extra field', { marks: [], player: {} }],
    ['a number', { marks: [1] }],
    ['no list', {}],
    ['a bare list', ['a']],
  ])('MarksSchema: %s', (_, input) => expectTwinAgrees(SharedMarksSchema, MarksSchema, input));

  it('calls the shared endpoints', () => {
    expect([getMe.method, getMe.path]).toEqual([sharedGetMe.method, sharedGetMe.path]);
    expect([putMarks.method, putMarks.path]).toEqual([sharedPutMarks.method, sharedPutMarks.path]);
    expectTypeOf<Infer<typeof MeSchema>>().toEqualTypeOf<z.infer<typeof SharedMeSchema>>();
    expectTypeOf<Infer<typeof MarksSchema>>().toEqualTypeOf<z.infer<typeof SharedMarksSchema>>();
  });
});
