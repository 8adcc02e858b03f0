import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ClipTitleSchema, MAX_SCREENSHOT_BYTES, UPLOAD_FIELDS, type OwnedClip } from '../../shared/clips';
import { SNIFF_BYTES, sniffImage, sniffVideo } from '../../shared/media-sniff';
import { formatMegabytes } from '../../domain/format';
import type { SessionUser } from '../context';
import { invalidMultipart, payloadTooLarge, unsupportedMediaType, validationFailed } from '../../shared/errors';
import { peekStream } from '../media/peek';
import { MediaTooLargeError, newMediaKey, type MediaStorage } from '../media/storage';
import type { Db } from '../db/database';
import { createClipRepository } from './clip-repository';
import { beginPendingBatch, removeBatchFiles, type PendingBatch } from './pending-media';
import { formParts } from '../form-parts';

type StoredFile = { key: string; mime: string; bytes: number };

/** Room for the multipart framing and the title around the two files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const tooLarge = (what: string, maxBytes: number) =>
  payloadTooLarge(`The ${what} is too large: the limit is ${formatMegabytes(maxBytes)}.`);

type UploadDeps = {
  db: Db;
  storage: MediaStorage;
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
  pending: PendingBatch,
): Promise<StoredFile> {
  const { head, body } = await peekStream(part.file, SNIFF_BYTES);
  if (head.length === 0) {
    body.destroy();
    throw validationFailed(`The ${kind} file is empty.`);
  }
  const type = kind === 'video' ? sniffVideo(head) : sniffImage(head);
  if (type === null) {
    body.destroy();
    throw unsupportedMediaType(
      kind === 'video' ? 'The video must be an MP4 or WebM file.' : 'The screenshot must be a JPEG, PNG or WebP image.',
    );
  }
  const maxBytes = kind === 'video' ? maxClipBytes : MAX_SCREENSHOT_BYTES;
  const key = newMediaKey(type.extension);
  try {
    await pending.add([key]);
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
 * so far are removed again. Each key is recorded in pending_media before its file is written and
 * the record dropped with the row's commit, so a crash in between leaves a record the media sweep
 * acts on (pending-media.ts).
 */
export async function receiveClipUpload(request: FastifyRequest, user: SessionUser, deps: UploadDeps): Promise<OwnedClip> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxUploadRequestBytes(deps.maxClipBytes)) {
    throw tooLarge('video', deps.maxClipBytes);
  }

  const pending = beginPendingBatch(deps.db, deps.log);
  try {
    let title: string | undefined;
    let video: StoredFile | undefined;
    let screenshot: StoredFile | undefined;
    const parts = formParts(request, {
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
      // busboy leaves `fieldname` undefined for a part whose Content-Disposition has no name.
      const name: string | undefined = part.fieldname;
      if (name === undefined) {
        if (part.type === 'file') part.file.resume();
        throw invalidMultipart('Every part of the form needs a name.');
      }
      if (part.type === 'field') {
        title = readTitle(part, title);
      } else if (part.fieldname === UPLOAD_FIELDS.video) {
        if (video !== undefined) throw validationFailed('Send exactly one video file.');
        video = await storeFile(part, 'video', deps, pending);
      } else if (part.fieldname === UPLOAD_FIELDS.screenshot) {
        if (screenshot !== undefined) throw validationFailed('Send exactly one screenshot.');
        screenshot = await storeFile(part, 'screenshot', deps, pending);
      } else {
        part.file.resume();
        throw validationFailed(`Unexpected file field "${part.fieldname.slice(0, 40)}".`);
      }
    }
    if (video === undefined) throw validationFailed('The video file is missing.');
    if (screenshot === undefined) throw validationFailed('The screenshot is missing.');
    if (title === undefined) throw validationFailed('The title is missing.');

    const row = {
      ownerId: user.id,
      title,
      videoKey: video.key,
      videoMime: video.mime,
      videoBytes: video.bytes,
      screenshotKey: screenshot.key,
      screenshotMime: screenshot.mime,
    };
    return await deps.db.transaction().execute(async (trx) => {
      const clip = await createClipRepository(trx).insert(row);
      await pending.commit(trx);
      return clip;
    });
  } catch (error) {
    await removeBatchFiles(pending, deps.storage, deps.log);
    throw error;
  } finally {
    pending.end();
  }
}

function readTitle(part: MultipartValue, current: string | undefined): string {
  if (part.fieldname !== UPLOAD_FIELDS.title) throw validationFailed(`Unexpected field "${part.fieldname.slice(0, 40)}".`);
  if (current !== undefined) throw validationFailed('Send exactly one title.');
  if (part.valueTruncated) throw validationFailed('The title is too long.');
  const parsed = ClipTitleSchema.safeParse(part.value);
  if (!parsed.success) throw validationFailed(parsed.error.issues[0]?.message ?? 'The title is invalid.');
  return parsed.data;
}
