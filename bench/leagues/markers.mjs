// A benchmark's players marking movies, as a child process (IPC): { run: { origin, durationMs,
// plan: [{ url, cookie, from, movieId, seen }] } } sends the plan's marks in its order, spread
// evenly over the duration (every request at its own planned moment, so a slow answer does not
// slow the offered rate), and answers { done: { latencies, errors, statuses } }.
import http from 'node:http';

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
async function put(url, body, headers, from) {
  const started = performance.now();
  const first = await putOnce(url, body, headers, from);
  if (!first.staleConnection) return { ...first, ms: performance.now() - started };
  const again = await putOnce(url, body, headers, from);
  return { ...again, ms: performance.now() - started, retried: true };
}

function putOnce(url, body, headers, from) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
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
  const start = performance.now();
  const results = await Promise.all(
    plan.map(async (step, index) => {
      const due = start + index * gap;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const result = await put(
        `${step.url}/api/me/marks`,
        { changes: [{ movieId: step.movieId, seen: step.seen, at: new Date().toISOString() }] },
        { cookie: step.cookie, origin },
        step.from,
      );
      return { ...result, key: step.key, url: step.url };
    }),
  );
  const statuses = {};
  for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  process.send({
    done: {
      latencies: results.map((result) => result.ms),
      errors: results.filter((result) => result.status !== 200).length,
      statuses,
      retried: results.filter((result) => result.retried).length,
      tookMs: performance.now() - start,
      firstRefusal: results.find((result) => result.status !== 200)?.text?.slice(0, 300),
      failures: [
        ...results
          .filter((result) => result.status === 0)
          .reduce((counts, result) => counts.set(result.error, (counts.get(result.error) ?? 0) + 1), new Map()),
      ].map(([error, count]) => `${error} ×${count}`),
    },
  });
});
