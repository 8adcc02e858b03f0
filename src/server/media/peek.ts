import { Readable } from 'node:stream';

/**
 * Reads the first `bytes` bytes of a stream (fewer if it ends sooner) without losing them:
 * `body` replays the head, then the rest of the source. Destroying `body` destroys the source.
 */
export async function peekStream(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const buffered = Buffer.concat(chunks, length);

  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (buffered.length > 0) yield buffered;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) {
          ended = true;
          return;
        }
        yield next.value;
      }
    } finally {
      if (!ended) await iterator.return?.();
    }
  }

  return { head: buffered.subarray(0, bytes), body: Readable.from(replay(), { objectMode: false }) };
}
