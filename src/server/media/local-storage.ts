import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hasErrnoCode } from '../../shared/errors';
import {
  assertMediaKey,
  contentTypeOfKey,
  MediaTooLargeError,
  type ByteRange,
  type MediaObject,
  type MediaStorage,
  type PutOptions,
} from './storage';

// 1 MiB reads instead of the 64 KiB default: far fewer chunks through the stream machinery per
// video range (bench/media-range.mjs went from ~0.2× to ~0.6–1× nginx), at ≤ 1 MiB per open stream.
const READ_CHUNK_BYTES = 1024 * 1024;

/** Counts bytes on the way through and fails the pipeline as soon as the limit is passed. */
export function byteLimit(maxBytes: number, onSize: (size: number) => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new MediaTooLargeError(maxBytes));
        return;
      }
      onSize(size);
      callback(null, chunk);
    },
  });
}

/**
 * Media files under `root`, spread over 256 sub-directories by the key's first two characters.
 * The content type follows from the key's extension, which the server chose from the sniffed type.
 */
/** Where a key's file lives under the media root: `<first two characters>/<key>`. */
export const localMediaPath = (key: string): string => `${key.slice(0, 2)}/${key}`;

export function createLocalStorage(root: string): MediaStorage {
  const fileOf = (key: string): string => {
    assertMediaKey(key);
    return path.join(root, localMediaPath(key));
  };

  return {
    kind: 'local',

    async put(key: string, body: Readable, { maxBytes }: PutOptions) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed when complete: a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.part`;
      // Created before any byte flows: a write stream that opens its own file may still create it
      // after a failed pipeline has settled (about once in 2,000 failed writes), which the clean-up
      // below would then miss.
      const handle = await open(partial, 'wx');
      let size = 0;
      try {
        await pipeline(
          body,
          byteLimit(maxBytes, (bytes) => {
            size = bytes;
          }),
          handle.createWriteStream(),
        );
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size };
    },

    async stat(key: string): Promise<MediaObject | null> {
      try {
        const info = await stat(fileOf(key));
        if (!info.isFile()) return null;
        return {
          size: info.size,
          contentType: contentTypeOfKey(key),
          lastModified: info.mtime,
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        };
      } catch (error) {
        if (hasErrnoCode(error, 'ENOENT')) return null;
        throw error;
      }
    },

    async read(key: string, range?: ByteRange) {
      const file = fileOf(key);
      const length = range === undefined ? undefined : range.end - range.start + 1;
      if (range !== undefined && length !== undefined && length <= READ_CHUNK_BYTES) {
        // A player's range request: one positioned read into one buffer, sent with one write,
        // instead of a stream's open/read/close and its chunk machinery.
        const handle = await open(file, 'r');
        try {
          const buffer = Buffer.allocUnsafeSlow(length);
          const { bytesRead } = await handle.read(buffer, 0, length, range.start);
          return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      }
      return createReadStream(file, {
        highWaterMark: READ_CHUNK_BYTES,
        ...(range === undefined ? {} : { start: range.start, end: range.end }),
      });
    },

    async remove(key: string) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // A write cut short by a crash leaves its temporary file next to where the file would be.
      let siblings: string[];
      try {
        siblings = await readdir(path.dirname(file));
      } catch (error) {
        if (hasErrnoCode(error, 'ENOENT')) return;
        throw error;
      }
      const partial = `${key}.`;
      for (const name of siblings) {
        if (name.startsWith(partial) && name.endsWith('.part')) await rm(path.join(path.dirname(file), name), { force: true });
      }
    },

    async close() {},
  };
}
