import type { PublicCache } from './cache/public-cache';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { Drain } from './drain';
import type { MediaStorage } from './media/storage';

/** What route plugins need, built once in buildApp and passed to each plugin as options. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  /** Uploaded media: local disk or S3 (see media/create-storage.ts). */
  storage: MediaStorage;
  /** Public read responses served from memory (see cache/public-cache.ts). */
  publicCache: PublicCache;
};

export type RouteOptions = { ctx: AppContext };

/** The signed-in account of a request (see src/server/auth/plugin.ts), or null when signed out. */
export type SessionUser = { id: string; name: string; email: string; role: 'admin' | 'staff' };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Lets a load balancer move off a stopping process (see drain.ts). */
    drain: Drain;
  }
}
