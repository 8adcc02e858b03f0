import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** File types the media store holds, by the extension of their (server-generated) key. */
export const MEDIA_TYPES = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{7,80}\.([a-z0-9]{2,5})$/;

/** True for keys this app generates: `<uuid>.<ext>` with a known extension. Nothing else reaches a file system or bucket. */
export function isMediaKey(key: string): boolean {
  const match = KEY_PATTERN.exec(key);
  return match !== null && Object.hasOwn(MEDIA_TYPES, match[1] ?? '');
}

/** A fresh, unguessable key; client file names never take part. */
export function newMediaKey(extension: MediaExtension): string {
  return `${randomUUID()}.${extension}`;
}

export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return Object.hasOwn(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension as MediaExtension] : 'application/octet-stream';
}

export type MediaObject = {
  size: number;
  contentType: string;
  lastModified: Date;
  /** A strong entity tag, quoted. */
  etag: string;
};

/** Inclusive byte positions, already checked against the object's size. */
export type ByteRange = { start: number; end: number };

export type PutOptions = { contentType: string; maxBytes: number };

/**
 * Where uploaded media lives: local disk or S3-compatible object storage. Writes are streamed
 * and all-or-nothing: a failed or oversized write leaves nothing under the key.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Streams `body` to `key`. Rejects with MediaTooLargeError once more than `maxBytes` arrive. */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** null when there is no such object. */
  stat(key: string): Promise<MediaObject | null>;
  /**
   * The object's bytes (or one range of them); the caller has checked that the object exists.
   * A small range may come back as one Buffer instead of a stream.
   */
  read(key: string, range?: ByteRange): Promise<Readable | Buffer>;
  /** A short-lived URL that serves the object directly (S3 presigned GET); local storage has none. */
  presignedUrl?(key: string, ttlSeconds: number): Promise<string>;
  /**
   * Removes the object and what an interrupted write of it left on local disk (its `.part` file);
   * removing a missing object is not an error. On S3 an interrupted multipart upload is left to the
   * bucket's AbortIncompleteMultipartUpload lifecycle rule (decision 113).
   */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${maxBytes} bytes.`);
    this.name = 'MediaTooLargeError';
  }
}

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidMediaKeyError';
  }
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
}
