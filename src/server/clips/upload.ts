import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  ClipTitleSchema,
  MAX_SCREENSHOT_BYTES,
  UPLOAD_FIELDS,
  type Clip,
} from '../../shared/clips';
import { SNIFF_BYTES, sniffImage, sniffVideo } from '../../shared/media-sniff';
import type { SessionUser } from '../context';
import { AppError, badRequest } from '../errors';
import { peekStream } from '../media/peek';
import { MediaTooLargeError, newMediaKey, type MediaStorage } from '../media/storage';
import type { ClipRepository } from './clip-repository';

type StoredFile = { key: string; mime: string; bytes: number };

/** Room for the multipart framing and the title around the two files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export const tooLarge = (what: string, maxBytes: number) =>
  new AppError(413, 'payload_too_large', `The ${what} is too large: the limit is ${formatMegabytes(maxBytes)}.`);

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);

type UploadDeps = {
  storage: MediaStorage;
  clips: ClipRepository;
  maxClipBytes: number;
  log: FastifyBaseLogger;
};

/** The largest request body a valid upload can have; anything bigger is refused before it is read. */
export function maxUploadRequestBytes(maxClipBytes: number): number {
  return maxClipBytes + MAX_SCREENSHOT_BYTES + MULTIPART_OVERHEAD_BYTES;
}

async function storeFile(
  part: MultipartFile,
  kind: 'video' | 'screenshot',
  { storage, maxClipBytes }: UploadDeps,
  stored: string[],
): Promise<StoredFile> {
  const { head, body } = await peekStream(part.file, SNIFF_BYTES);
  if (head.length === 0) {
    body.destroy();
    throw badRequest(`The ${kind} file is empty.`);
  }
  const type = kind === 'video' ? sniffVideo(head) : sniffImage(head);
  if (type === null) {
    body.destroy();
    throw unsupported(
      kind === 'video' ? 'The video must be an MP4 or WebM file.' : 'The screenshot must be a JPEG, PNG or WebP image.',
    );
  }
  const maxBytes = kind === 'video' ? maxClipBytes : MAX_SCREENSHOT_BYTES;
  const key = newMediaKey(type.extension);
  stored.push(key);
  try {
    const { size } = await storage.put(key, body, { contentType: type.mime, maxBytes });
    return { key, mime: type.mime, bytes: size };
  } catch (error) {
    if (error instanceof MediaTooLargeError) throw tooLarge(kind, maxBytes);
    throw error;
  }
}

/**
 * Receives POST /api/clips: the multipart parts are streamed one at a time straight into media
 * storage (never buffered whole), each file checked by its first bytes. Files are written first
 * and the row last, so a row never points at a missing file; on any failure the files written
 * so far are removed again.
 */
export async function receiveClipUpload(request: FastifyRequest, user: SessionUser, deps: UploadDeps): Promise<Clip> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxUploadRequestBytes(deps.maxClipBytes)) {
    throw tooLarge('video', deps.maxClipBytes);
  }

  const stored: string[] = [];
  try {
    let title: string | undefined;
    let video: StoredFile | undefined;
    let screenshot: StoredFile | undefined;
    const parts = request.parts({
      limits: {
        // Our own byte counter reports the limit; busboy's is only a backstop.
        fileSize: Math.max(deps.maxClipBytes, MAX_SCREENSHOT_BYTES) + 1,
        files: 4,
        fields: 4,
        parts: 8,
        fieldSize: 4096,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        title = readTitle(part, title);
      } else if (part.fieldname === UPLOAD_FIELDS.video) {
        if (video !== undefined) throw badRequest('Send exactly one video file.');
        video = await storeFile(part, 'video', deps, stored);
      } else if (part.fieldname === UPLOAD_FIELDS.screenshot) {
        if (screenshot !== undefined) throw badRequest('Send exactly one screenshot.');
        screenshot = await storeFile(part, 'screenshot', deps, stored);
      } else {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}".`);
      }
    }
    if (video === undefined) throw badRequest('The video file is missing.');
    if (screenshot === undefined) throw badRequest('The screenshot is missing.');
    if (title === undefined) throw badRequest('The title is missing.');

    return await deps.clips.insert({
      ownerId: user.id,
      title,
      videoKey: video.key,
      videoMime: video.mime,
      videoBytes: video.bytes,
      screenshotKey: screenshot.key,
      screenshotMime: screenshot.mime,
    });
  } catch (error) {
    await Promise.all(
      stored.map((key) =>
        deps.storage.remove(key).catch((removeError: unknown) => {
          deps.log.error({ err: removeError, key }, 'could not remove the file of a failed upload');
        }),
      ),
    );
    throw error;
  }
}

function readTitle(part: MultipartValue, current: string | undefined): string {
  if (part.fieldname !== UPLOAD_FIELDS.title) throw badRequest(`Unexpected field "${part.fieldname.slice(0, 40)}".`);
  if (current !== undefined) throw badRequest('Send exactly one title.');
  if (part.valueTruncated) throw badRequest('The title is too long.');
  const parsed = ClipTitleSchema.safeParse(part.value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The title is invalid.');
  return parsed.data;
}
