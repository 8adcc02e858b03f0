import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  allClips,
  clipByTitle,
  clipUploadLimits,
  deleteClip,
  getClip,
  listClips,
  MAX_SCREENSHOT_BYTES,
  myClips,
  SCREENSHOT_MIME_TYPES,
  updateClip,
  uploadClip,
  VIDEO_MIME_TYPES,
} from '../../shared/clips';
import { isOwnerOrAdmin, requireUser } from '../auth/guards';
import { createClipRepository } from '../clips/clip-repository';
import { beginPendingBatch, removeBatchFiles } from '../clips/pending-media';
import { receiveClipUpload } from '../clips/upload';
import type { RouteOptions, SessionUser } from '../context';
import { forbidden, notFound } from '../../shared/errors';
import { route } from '../route';

const clipNotFound = () => notFound('There is no such clip.');

export const clipRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  // Registered in this plugin's own scope: uploads are streamed part by part (see clips/upload.ts).
  await app.register(multipart);
  const db = ctx.database.db;
  const clips = createClipRepository(db);
  const { storage, publicCache } = ctx;
  const maxClipBytes = ctx.config.maxClipBytes;

  const cached = { store: publicCache, tag: 'clips' } as const;

  route(app, listClips, { access: 'public', cache: cached }, async ({ query }) => clips.listNewest(query));

  route(app, clipUploadLimits, { access: 'public' }, async () => ({
    maxClipBytes,
    maxScreenshotBytes: MAX_SCREENSHOT_BYTES,
    videoTypes: [...VIDEO_MIME_TYPES],
    screenshotTypes: [...SCREENSHOT_MIME_TYPES],
  }));

  // "No clip for this movie" is a normal answer for the movie modal, not an error.
  route(app, clipByTitle, { access: 'public', cache: cached }, async ({ params }) => ({
    clip: await clips.findNewestByTitle(params.title),
  }));

  route(app, getClip, { access: 'public', cache: cached }, async ({ params }) => {
    const clip = await clips.findById(params.id);
    if (clip === null) throw clipNotFound();
    return clip;
  });

  route(app, uploadClip, { access: 'signed-in' }, async ({ request, reply }) => {
    const user = requireUser(request);
    try {
      const clip = await receiveClipUpload(request, user, { db, storage, maxClipBytes, log: request.log });
      request.log.info({ clipId: clip.docID }, 'clip uploaded');
      return clip;
    } catch (error) {
      // The rest of a refused upload may still be on its way: close the connection after
      // answering instead of reading (possibly gigabytes) to the end.
      reply.header('Connection', 'close');
      throw error;
    }
  });

  route(app, myClips, { access: 'signed-in' }, async ({ query, request }) =>
    clips.listByOwner({ ownerId: requireUser(request).id, ...query }),
  );

  route(app, allClips, { access: 'admin' }, async ({ query: { owner, ...query } }) => {
    const ownerId = owner === undefined || owner === '' ? undefined : owner;
    const [page, owners] = await Promise.all([clips.listByOwner({ ownerId, ...query }), clips.owners()]);
    return { ...page, owners };
  });

  /** Only the clip's uploader and admins may change or delete it. */
  async function authorise(id: string, user: SessionUser): Promise<void> {
    const ownerId = await clips.ownerOf(id);
    if (ownerId === null) throw clipNotFound();
    if (!isOwnerOrAdmin(user, ownerId)) throw forbidden('Only the clip’s uploader or an admin can change it.');
  }

  route(app, updateClip, { access: 'signed-in' }, async ({ params, body, request }) => {
    await authorise(params.id, requireUser(request));
    const updated = await clips.updateTitle(params.id, body.title);
    if (updated === null) throw clipNotFound();
    return updated;
  });

  route(app, deleteClip, { access: 'signed-in' }, async ({ params: { id }, request }) => {
    await authorise(id, requireUser(request));
    // The row goes first: from then on nothing points at the files, so a failure while removing
    // them never leaves a clip without its video. The files are recorded in pending_media in the
    // same transaction, so a file that is not removed (an error, a crash) is left to the sweep.
    const pending = beginPendingBatch(db, request.log);
    try {
      const files = await db.transaction().execute(async (trx) => {
        const deleted = await createClipRepository(trx).delete(id);
        if (deleted !== null) await pending.add([deleted.videoKey, deleted.screenshotKey], trx);
        return deleted;
      });
      if (files === null) throw clipNotFound();
      await removeBatchFiles(pending, storage, request.log);
    } finally {
      pending.end();
    }
    request.log.info({ clipId: id }, 'clip deleted');
    return undefined;
  });
};
