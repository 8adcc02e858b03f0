import { z } from 'zod';
import { endpoint } from './contract';

// The clips API, shared by the server routes and the web client. Wire names follow the
// specification's Clip entity: docID, title, displayName, timestamp, screenshotURL, url.

export const CLIP_TITLE_MIN = 3;
export const CLIP_TITLE_MAX = 100;
export const CLIP_PAGE_SIZE_DEFAULT = 8;
export const CLIP_PAGE_SIZE_MAX = 50;
/** Screenshots are single frames made in the browser; a few MB is plenty. */
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;

export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export const SCREENSHOT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Multipart field names of POST /api/clips. */
export const UPLOAD_FIELDS = { title: 'title', video: 'video', screenshot: 'screenshot' } as const;

/** Outer white space is dropped (titles are matched to movie names); everything else is kept as typed. */
export const ClipTitleSchema = z
  .string()
  .trim()
  .min(CLIP_TITLE_MIN, { error: `The title needs at least ${CLIP_TITLE_MIN} characters.` })
  .max(CLIP_TITLE_MAX, { error: `The title can have at most ${CLIP_TITLE_MAX} characters.` });

export const ClipSchema = z.object({
  docID: z.string(),
  title: z.string(),
  /** The uploader's display name (their account name). */
  displayName: z.string(),
  ownerId: z.string(),
  /** Upload time, ISO 8601. */
  timestamp: z.string(),
  screenshotURL: z.string(),
  url: z.string(),
});
export type Clip = z.infer<typeof ClipSchema>;

export const ClipPageSchema = z.object({
  items: z.array(ClipSchema),
  /** Opaque; pass it back as `cursor` for the next page. null at the end of the list. */
  nextCursor: z.string().nullable(),
});
export type ClipPage = z.infer<typeof ClipPageSchema>;

export const ClipIdParamsSchema = z.object({ id: z.string() });
export const ClipTitleParamsSchema = z.object({ title: z.string() });

export const ClipPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CLIP_PAGE_SIZE_MAX).default(CLIP_PAGE_SIZE_DEFAULT),
});

/** 1 = newest first, 2 = oldest first; anything else means 1. */
export const ClipSortSchema = z.enum(['1', '2']).catch('1');
export type ClipSort = z.infer<typeof ClipSortSchema>;

export const MyClipsQuerySchema = ClipPageQuerySchema.extend({ sort: ClipSortSchema.default('1') });

export const UpdateClipBodySchema = z.object({ title: ClipTitleSchema });

export const listClips = endpoint({
  method: 'GET',
  path: '/api/clips',
  query: ClipPageQuerySchema,
  response: ClipPageSchema,
});

/** The newest clip whose title equals the movie name; `clip: null` when there is none. */
export const clipByTitle = endpoint({
  method: 'GET',
  path: '/api/clips/by-title/:title',
  params: ClipTitleParamsSchema,
  response: z.object({ clip: ClipSchema.nullable() }),
});

export const getClip = endpoint({
  method: 'GET',
  path: '/api/clips/:id',
  params: ClipIdParamsSchema,
  response: ClipSchema,
});

export const UploadLimitsSchema = z.object({
  maxClipBytes: z.number().int().positive(),
  maxScreenshotBytes: z.number().int().positive(),
  videoTypes: z.array(z.string()),
  screenshotTypes: z.array(z.string()),
});
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;

export const clipUploadLimits = endpoint({
  method: 'GET',
  path: '/api/clips/upload-limits',
  response: UploadLimitsSchema,
});

/** Multipart: `title`, `video` (mp4/webm) and `screenshot` (jpeg/png/webp), checked by content. */
export const uploadClip = endpoint({
  method: 'POST',
  path: '/api/clips',
  response: ClipSchema,
});

export const myClips = endpoint({
  method: 'GET',
  path: '/api/me/clips',
  query: MyClipsQuerySchema,
  response: ClipPageSchema,
});

export const updateClip = endpoint({
  method: 'PATCH',
  path: '/api/clips/:id',
  params: ClipIdParamsSchema,
  body: UpdateClipBodySchema,
  response: ClipSchema,
});

export const deleteClip = endpoint({
  method: 'DELETE',
  path: '/api/clips/:id',
  params: ClipIdParamsSchema,
  response: z.undefined(),
});

/** Where a stored media key is served. */
export const mediaPath = (key: string): string => `/media/${encodeURIComponent(key)}`;
