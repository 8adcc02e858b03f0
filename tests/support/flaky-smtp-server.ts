import net, { type AddressInfo, type Socket } from 'node:net';

export type FlakyMode = 'accept' | 'hang' | 'refuse';
export type FlakyMail = { from: string; to: string[]; raw: string };

export type FlakySmtpServer = {
  url: string;
  /** Messages accepted (after the final "250"), in order. */
  messages: FlakyMail[];
  /** Connections held without a greeting right now (mode `hang`). */
  hanging: () => number;
  /** Connections refused so far (mode `refuse`). */
  refused: () => number;
  /** How new connections are met from now on; `accept` also greets every connection held so far. */
  setMode: (mode: FlakyMode) => void;
  /** A pause before each message's final "250" (a slow server). */
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
};

/**
 * A tiny SMTP server on 127.0.0.1 (node:net, any free port) whose behaviour a test switches:
 * `accept` speaks enough SMTP for nodemailer (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps
 * every message; `hang` accepts the connection and says nothing (a server that is slow to the
 * point of timing out); `refuse` answers the greeting with 554 and hangs up.
 */
export async function startFlakySmtpServer(initial: FlakyMode = 'accept'): Promise<FlakySmtpServer> {
  let mode = initial;
  let refusedCount = 0;
  let delayMs = 0;
  const messages: FlakyMail[] = [];
  const held = new Set<Socket>();
  const sockets = new Set<Socket>();

  function speak(socket: Socket): void {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 flaky.test ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const raw = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const message = { from, to, raw: Buffer.from(raw, 'latin1').toString('utf8') };
          from = '';
          to = [];
          // Accepted when it says so: a pause delays both the answer and the keeping.
          setTimeout(() => {
            messages.push(message);
            reply('250 2.0.0 queued');
          }, delayMs);
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 flaky.test');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok');
        else reply('502 5.5.2 not implemented');
      }
    });
  }

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      held.delete(socket);
    });
    if (mode === 'hang') held.add(socket);
    else if (mode === 'refuse') {
      refusedCount += 1;
      socket.end('554 5.3.2 flaky.test is not accepting mail right now\r\n');
    } else speak(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    hanging: () => held.size,
    refused: () => refusedCount,
    setMode: (next) => {
      mode = next;
      if (next !== 'accept') return;
      for (const socket of held) speak(socket);
      held.clear();
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
