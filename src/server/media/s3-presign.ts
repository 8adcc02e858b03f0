import { createHash, createHmac } from 'node:crypto';

export type PresignSettings = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/**
 * A presigned GET URL (AWS Signature Version 4, query-string authentication) for one object,
 * valid for `ttlSeconds`. Small and dependency-free: the SDK's presigner is a separate package.
 */
export function presignGetUrl(settings: PresignSettings, key: string, ttlSeconds: number, now = new Date()): string {
  const base = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const host = settings.forcePathStyle ? base.host : `${settings.bucket}.${base.host}`;
  const basePath = base.pathname.replace(/\/+$/, '');
  const canonicalPath = `${basePath}${settings.forcePathStyle ? `/${encode(settings.bucket)}` : ''}/${key.split('/').map(encode).join('/')}`;
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const query = new Map<string, string>([
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${settings.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(ttlSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
  ]);
  const canonicalQuery = [...query.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  const canonicalRequest = ['GET', canonicalPath, canonicalQuery, `host:${host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${settings.secretAccessKey}`, day), settings.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${base.protocol}//${host}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
