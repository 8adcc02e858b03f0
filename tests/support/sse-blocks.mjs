// Reading a text/event-stream as the browser's EventSource does, for the tests' stream clients
// (sse-client.ts, event-source.ts) and the leagues benchmark's (bench/leagues/*-clients.mjs):
// plain JavaScript, so that the benchmarks run it with node as it is.

/**
 * One block: its `id:`, `event:` (default `message`), `data:` lines joined (undefined without any:
 * not an event), `retry:` and comment lines.
 * @param {string} text
 */
export function readSseBlock(text) {
  let id;
  let event = 'message';
  let retry;
  const data = [];
  const comments = [];
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) comments.push(line.slice(1).trim());
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
    else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
  }
  return { id, event, data: data.length > 0 ? data.join('\n') : undefined, retry, comments };
}

/**
 * The complete blocks at the start of `buffer`, read, and what is left of an unfinished one
 * (to put before the next chunk).
 * @param {string} buffer
 */
export function takeSseBlocks(buffer) {
  const parts = buffer.split('\n\n');
  const rest = parts.pop() ?? '';
  return { blocks: parts.map(readSseBlock), rest };
}
