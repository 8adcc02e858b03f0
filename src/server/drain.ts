import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../shared/errors';

/** How long after the first refused read the listener stays open for connections already on their way. */
const MARGIN_AFTER_FIRST_REFUSAL_MS = 250;

export type Drain = {
  /** True from `start()` on: /readyz answers 503. */
  readonly draining: boolean;
  /** Starts draining; resolves when the listener may close (at once when the drain time is 0). */
  start(): Promise<void>;
};

/**
 * Leaving a load balancer without failing a request (decision 112). Closing the listener at once
 * resets the connections still waiting in the kernel's accept queue, and nginx cannot retry a POST
 * it has already sent on one. So with SHUTDOWN_DRAIN_MS > 0 a stopping process first keeps
 * listening: reads (GET/HEAD) answer 503, which nginx (`proxy_next_upstream http_503`) retries on
 * another instance and counts against this one, so it stops sending here; every other request is
 * served as usual, with `Connection: close`. The listener closes shortly after the first refused
 * read, or when the drain time is up. After that, while the app closes, every request is refused.
 */
export function registerDrain(app: FastifyInstance, drainMs: number): Drain {
  let draining = false;
  let closing = false;
  let refusedOne: (() => void) | undefined;

  // Once app.close() has begun, every request still arriving on an open connection is refused
  // (what Fastify's return503OnClosing does, but in the app's error shape; buildApp turns that off).
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (!draining && !closing) return done();
    reply.header('connection', 'close');
    if (!closing && request.method !== 'GET' && request.method !== 'HEAD') return done();
    refusedOne?.();
    const error = serviceUnavailable('This instance is shutting down; please retry.');
    reply.code(error.statusCode).header('retry-after', '1').send(error.toBody());
  });

  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
      if (drainMs <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = setTimeout(resolve, drainMs);
        refusedOne = () => {
          refusedOne = undefined;
          clearTimeout(done);
          setTimeout(resolve, Math.min(MARGIN_AFTER_FIRST_REFUSAL_MS, drainMs));
        };
      });
    },
  };
}
