import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  clipByTitle,
  ClipIdParamsSchema,
  ClipPageQuerySchema,
  ClipTitleParamsSchema,
  clipUploadLimits,
  deleteClip,
  getClip,
  listClips,
  MAX_SCREENSHOT_BYTES,
  myClips,
  MyClipsQuerySchema,
  SCREENSHOT_MIME_TYPES,
  updateClip,
  UpdateClipBodySchema,
  uploadClip,
  VIDEO_MIME_TYPES,
} from '../../shared/clips';
import { isOwnerOrAdmin, requireUser } from '../auth/guards';
import { createClipRepository } from '../clips/clip-repository';
import { receiveClipUpload } from '../clips/upload';
import type { RouteOptions, SessionUser } from '../context';
import { AppError, forbidden, notFound } from '../errors';
import { parseInput } from '../http';

const clipNotFound = () => notFound('There is no such clip.');

export const clipRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  // Registered in this plugin's own scope: uploads are streamed part by part (see clips/upload.ts).
  await app.register(multipart);
  const clips = createClipRepository(ctx.database.db);
  const { storage } = ctx;
  const maxClipBytes = ctx.config.maxClipBytes;

  app.get(listClips.path, { config: { access: 'public' } }, async (request) => {
    const query = parseInput(ClipPageQuerySchema, request.query, 'query');
    return clips.listNewest(query);
  });

  app.get(clipUploadLimits.path, { config: { access: 'public' } }, async () => ({
    maxClipBytes,
    maxScreenshotBytes: MAX_SCREENSHOT_BYTES,
    videoTypes: [...VIDEO_MIME_TYPES],
    screenshotTypes: [...SCREENSHOT_MIME_TYPES],
  }));

  // "No clip for this movie" is a normal answer for the movie modal, not an error.
  app.get(clipByTitle.path, { config: { access: 'public' } }, async (request) => {
    const { title } = parseInput(ClipTitleParamsSchema, request.params, 'title');
    return { clip: await clips.findNewestByTitle(title) };
  });

  app.get(getClip.path, { config: { access: 'public' } }, async (request) => {
    const { id } = parseInput(ClipIdParamsSchema, request.params, 'clip id');
    const clip = await clips.findById(id);
    if (clip === null) throw clipNotFound();
    return clip;
  });

  app.post(uploadClip.path, { config: { access: 'signed-in' } }, async (request, reply: FastifyReply) => {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      throw new AppError(415, 'unsupported_media_type', 'Send the clip as multipart/form-data.');
    }
    try {
      const clip = await receiveClipUpload(request, user, { storage, clips, maxClipBytes, log: request.log });
      request.log.info({ clipId: clip.docID }, 'clip uploaded');
      return await reply.code(201).send(clip);
    } catch (error) {
      // The rest of a refused upload may still be on its way: close the connection after
      // answering instead of reading (possibly gigabytes) to the end.
      reply.header('Connection', 'close');
      throw error;
    }
  });

  app.get(myClips.path, { config: { access: 'signed-in' } }, async (request) => {
    const user = requireUser(request);
    const query = parseInput(MyClipsQuerySchema, request.query, 'query');
    return clips.listByOwner({ ownerId: user.id, ...query });
  });

  /** Only the clip's uploader and admins may change or delete it. */
  async function authorise(id: string, user: SessionUser): Promise<void> {
    const ownerId = await clips.ownerOf(id);
    if (ownerId === null) throw clipNotFound();
    if (!isOwnerOrAdmin(user, ownerId)) throw forbidden('Only the clip’s uploader or an admin can change it.');
  }

  app.patch(updateClip.path, { config: { access: 'signed-in' } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(ClipIdParamsSchema, request.params, 'clip id');
    await authorise(id, user);
    const { title } = parseInput(UpdateClipBodySchema, request.body, 'clip');
    const updated = await clips.updateTitle(id, title);
    if (updated === null) throw clipNotFound();
    return updated;
  });

  app.delete(deleteClip.path, { config: { access: 'signed-in' } }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(ClipIdParamsSchema, request.params, 'clip id');
    await authorise(id, user);
    // The row goes first: from then on nothing points at the files, so a failure while
    // removing them leaves at worst an unreferenced file, never a clip without its video.
    const files = await clips.delete(id);
    if (files === null) throw clipNotFound();
    for (const key of [files.videoKey, files.screenshotKey]) {
      await storage.remove(key).catch((error: unknown) => {
        request.log.error({ err: error, key }, 'could not remove a deleted clip’s file');
      });
    }
    request.log.info({ clipId: id }, 'clip deleted');
    return reply.code(204).send();
  });
};
