import type { getMe as SharedGetMe, putMarks as SharedPutMarks } from '../../../shared/leagues';
import { array, boolean, number, object, string, type FirstLoadEndpoint } from '../../lib/first-load-schemas';

// The marks sync runs on every page of a player's visit: it reads the two endpoints it calls with
// these twins of the shared schemas (as the first-load pages do, decision 183), so it loads no zod.
// sync-endpoints.test.ts checks that each accepts and refuses exactly what the contract does.

/** `MeSchema` of src/shared/leagues.ts. */
export const MeSchema = object({
  player: object({ id: string(), createdAt: string() }),
  marks: array(string()),
  leagues: array(
    object({
      code: string(),
      name: string(),
      year: number({ int: true }),
      memberCount: number({ int: true }),
      isOwner: boolean(),
      nickname: string(),
    }),
  ),
});

/** `MarksSchema` of src/shared/leagues.ts. */
export const MarksSchema = object({ marks: array(string()) });

export const getMe: FirstLoadEndpoint<typeof SharedGetMe> = { method: 'GET', path: '/api/me', response: MeSchema };

export const putMarks: FirstLoadEndpoint<typeof SharedPutMarks> = { method: 'PUT', path: '/api/me/marks', response: MarksSchema };
