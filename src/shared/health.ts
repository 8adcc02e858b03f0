import { z } from 'zod';
import { endpoint } from './contract';

export const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  response: z.object({ status: z.literal('ok') }),
});

export const readyz = endpoint({
  method: 'GET',
  path: '/readyz',
  response: z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['pglite', 'postgres']) }),
});
