import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A raw HTTP/1.1 connection to 127.0.0.1 that sends whatever it is told, as slowly as it is told. */
export type SlowConnection = {
  write: (bytes: string | Buffer) => void;
  /** Sends `bytes` one byte every `intervalMs`; false when the server closed the connection first. */
  trickle: (bytes: string | Buffer, intervalMs: number) => Promise<boolean>;
  isClosed: () => boolean;
  /** Milliseconds from the connection's start until the server closed it. */
  closed: Promise<number>;
  /** Everything the server has answered so far. */
  received: () => string;
  destroy: () => void;
};

export async function slowConnection(port: number): Promise<SlowConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const started = Date.now();
  let received = '';
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  // A reset by the server is a close like any other here.
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve(Date.now() - started);
    }),
  );
  const write = (bytes: string | Buffer) => {
    if (!isClosed) socket.write(bytes);
  };
  return {
    write,
    trickle: async (bytes, intervalMs) => {
      for (const byte of Buffer.from(bytes)) {
        await Promise.race([sleep(intervalMs), closed]);
        if (isClosed) return false;
        write(Buffer.of(byte));
      }
      return !isClosed;
    },
    isClosed: () => isClosed,
    closed,
    received: () => received,
    destroy: () => socket.destroy(),
  };
}

/** The request line and headers of a POST with a body of `length` bytes. */
export function postHead(path: string, headers: Record<string, string>, length: number): string {
  const lines = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Length: ${length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The status code and JSON body of the first answer on a connection. */
export function firstAnswer(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: text };
  }
}
