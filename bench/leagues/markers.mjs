// A benchmark's players marking movies, as a child process (IPC): { run: { origin, durationMs,
// plan: [{ url, cookie, from, movieId, seen }] } } sends the plan's marks in its order, spread
// evenly over the duration (every request at its own planned moment, so a slow answer does not
// slow the offered rate), and answers { done: { latencies, errors, statuses, generator } }.
// `generator` says whether this process kept up: how late the requests left against their
// planned moments, and its own event loop's delay (a busy loop also delays reading the answers,
// which the latencies would then count).
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile } from '../bench-utils.mjs';

/** One keep-alive connection per player, from the player's own loopback address (as every fan has their own). */
const agents = new Map();
const agentFor = (from) => {
  let agent = agents.get(from);
  if (agent === undefined) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(from, agent);
  }
  return agent;
};

/**
 * A PUT, retried once when the server had closed a kept-alive connection just as it was reused
 * (its idle timeout, 5 s): browsers resend a request that met a closed reused connection before
 * any answer. `retried` says it was.
 */
async function put(url, payload, headers, from) {
  const started = performance.now();
  const first = await putOnce(url, payload, headers, from);
  if (!first.staleConnection) return { ...first, ms: performance.now() - started };
  const again = await putOnce(url, payload, headers, from);
  return { ...again, ms: performance.now() - started, retried: true };
}

function putOnce(url, payload, headers, from) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'PUT',
        agent: agentFor(from),
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started, text }));
      },
    );
    request.on('error', (error) =>
      resolve({
        status: 0,
        ms: performance.now() - started,
        error: error.message,
        staleConnection: request.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up'),
      }),
    );
    request.end(payload);
  });
}

process.on('message', async (message) => {
  if (message.run === undefined) return process.exit(0);
  const { origin, plan, durationMs } = message.run;
  const gap = durationMs / plan.length;
  // Everything but the clock's `at` is made before the run, and one timer walks the plan: 20,000
  // timers set at once kept this process's core busy in the run's first second.
  const steps = plan.map((step) => ({
    ...step,
    markUrl: `${step.url}/api/me/marks`,
    headers: { cookie: step.cookie, origin },
    body: (at) => JSON.stringify({ changes: [{ movieId: step.movieId, seen: step.seen, at }] }),
  }));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const lateMs = [];
  const pending = [];
  const start = performance.now();
  await new Promise((resolve) => {
    let next = 0;
    const due = (index) => start + index * gap;
    const send = () => {
      const now = performance.now();
      for (; next < steps.length && due(next) <= now; next++) {
        const step = steps[next];
        lateMs.push(now - due(next));
        pending.push(
          put(step.markUrl, step.body(new Date().toISOString()), step.headers, step.from).then((result) => ({
            ...result,
            key: step.key,
            url: step.url,
          })),
        );
      }
      if (next === steps.length) resolve();
      else setTimeout(send, Math.max(0, due(next) - performance.now()));
    };
    send();
  });
  const results = await Promise.all(pending);
  loopDelay.disable();
  const statuses = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  process.send({
    done: {
      latencies: results.map((result) => result.ms),
      errors: results.filter((result) => result.status !== 200).length,
      statuses,
      retried: results.filter((result) => result.retried).length,
      tookMs: performance.now() - start,
      generator: {
        lateP99Ms: percentile(lateMs, 99),
        lateMaxMs: Math.max(...lateMs),
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        loopDelayMaxMs: loopDelay.max / 1e6,
      },
      firstRefusal: results.find((result) => result.status !== 200)?.text?.slice(0, 300),
      failures: [
        ...results
          .filter((result) => result.status === 0)
          .reduce((counts, result) => counts.set(result.error, (counts.get(result.error) ?? 0) + 1), new Map()),
      ].map(([error, count]) => `${error} ×${count}`),
    },
  });
});
