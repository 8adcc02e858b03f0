// A small HTTP client for the cluster suite. Unlike fetch it can pick the source address
// (127.0.0.x), so one test can act as many clients behind nginx.
import http from 'node:http';

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: () => string; json: <T = unknown>() => T };

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's source address on loopback, e.g. 127.0.0.7 (default 127.0.0.1). */
  from?: string;
  timeoutMs?: number;
};

export function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.from,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: () => body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${options.method ?? 'GET'} ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export function jsonRequest(
  url: string,
  method: string,
  payload: unknown,
  headers: Record<string, string> = {},
  from?: string,
): Promise<Reply> {
  return request(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
    ...(from === undefined ? {} : { from }),
  });
}
