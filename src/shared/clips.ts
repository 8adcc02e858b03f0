import { z } from 'zod';
import { endpoint, rawResponse } from './contract';
import { safeText, singleLineText } from './text';

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
export const ClipTitleSchema = singleLineText()
  .trim()
  .min(CLIP_TITLE_MIN, { error: `The title needs at least ${CLIP_TITLE_MIN} characters.` })
  .max(CLIP_TITLE_MAX, { error: `The title can have at most ${CLIP_TITLE_MAX} characters.` });

export const ClipSchema = z.object({
  docID: z.string(),
  title: z.string(),
  /** The uploader's display name (their account name). */
  displayName: z.string(),
  /** Upload time, ISO 8601. */
  timestamp: z.string(),
  screenshotURL: z.string(),
  url: z.string(),
});
export type Clip = z.infer<typeof ClipSchema>;

/**
 * A clip as its owner and admins see it: with the owner's account id. Public answers leave it out
 * (account ids are nobody else's business); the display name is all a visitor sees.
 */
export const OwnedClipSchema = ClipSchema.extend({ ownerId: z.string() });
export type OwnedClip = z.infer<typeof OwnedClipSchema>;

export const ClipPageSchema = z.object({
  items: z.array(ClipSchema),
  /** Opaque; pass it back as `cursor` for the next page. null at the end of the list. */
  nextCursor: z.string().nullable(),
});
export type ClipPage = z.infer<typeof ClipPageSchema>;

export const OwnedClipPageSchema = ClipPageSchema.extend({ items: z.array(OwnedClipSchema) });

export const ClipIdParamsSchema = z.object({ id: safeText().max(200) });
export const ClipTitleParamsSchema = z.object({ title: safeText().max(1000) });

export const ClipPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CLIP_PAGE_SIZE_MAX).default(CLIP_PAGE_SIZE_DEFAULT),
});

/** 1 = newest first, 2 = oldest first; anything else means 1. */
export const ClipSortSchema = z.enum(['1', '2']).catch('1');
export type ClipSort = z.infer<typeof ClipSortSchema>;

export const MyClipsQuerySchema = ClipPageQuerySchema.extend({ sort: ClipSortSchema.default('1') });

/** Admins' "All clips": the same sort, optionally one owner's clips. */
export const AllClipsQuerySchema = MyClipsQuerySchema.extend({ owner: safeText().max(100).optional() });

export const ClipOwnerSchema = z.object({ id: z.string(), name: z.string() });

export const AllClipsPageSchema = OwnedClipPageSchema.extend({ owners: z.array(ClipOwnerSchema) });
export type AllClipsPage = z.infer<typeof AllClipsPageSchema>;

export const UpdateClipBodySchema = z.object({ title: ClipTitleSchema });

export const listClips = endpoint({
  method: 'GET',
  path: '/api/clips',
  summary: 'Every clip, newest first (keyset pagination).',
  tag: 'Clips',
  query: ClipPageQuerySchema,
  response: ClipPageSchema,
});

/** The newest clip whose title equals the movie name; `clip: null` when there is none. */
export const clipByTitle = endpoint({
  method: 'GET',
  path: '/api/clips/by-title/:title',
  summary: 'The newest clip whose title equals a movie name.',
  tag: 'Clips',
  params: ClipTitleParamsSchema,
  response: z.object({ clip: ClipSchema.nullable() }),
});

export const getClip = endpoint({
  method: 'GET',
  path: '/api/clips/:id',
  summary: 'One clip.',
  tag: 'Clips',
  errors: ['not_found'],
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
  summary: 'Size and type limits of clip uploads.',
  tag: 'Clips',
  response: UploadLimitsSchema,
});

/** Multipart: `title`, `video` (mp4/webm) and `screenshot` (jpeg/png/webp), checked by content. */
export const uploadClip = endpoint({
  method: 'POST',
  path: '/api/clips',
  summary: 'Signed in: upload a clip (multipart: title, video, screenshot), streamed to storage.',
  tag: 'Clips',
  status: 201,
  bodyFormat: 'multipart',
  body: z.object({
    title: ClipTitleSchema,
    video: z.string().meta({ contentMediaType: 'video/mp4', description: 'The clip: MP4 or WebM, checked by content.' }),
    screenshot: z.string().meta({ contentMediaType: 'image/jpeg', description: 'One frame: JPEG, PNG or WebP.' }),
  }),
  errors: ['payload_too_large', 'too_many_parts', 'unsupported_media_type', 'invalid_multipart'],
  response: OwnedClipSchema,
});

export const myClips = endpoint({
  method: 'GET',
  path: '/api/me/clips',
  summary: 'Signed in: my clips (sort 1 newest first, 2 oldest first).',
  tag: 'Clips',
  query: MyClipsQuerySchema,
  response: OwnedClipPageSchema,
});

/** Admins: every user's clips (owner shown), filterable by owner. */
export const allClips = endpoint({
  method: 'GET',
  path: '/api/clips/all',
  summary: "Admins: every user's clips with their owners (filter by owner; sort 1 newest first, 2 oldest first).",
  tag: 'Clips',
  query: AllClipsQuerySchema,
  response: AllClipsPageSchema,
});

export const updateClip = endpoint({
  method: 'PATCH',
  path: '/api/clips/:id',
  summary: "Owner or admin: change a clip's title.",
  tag: 'Clips',
  errors: ['not_found', 'forbidden'],
  params: ClipIdParamsSchema,
  body: UpdateClipBodySchema,
  response: OwnedClipSchema,
});

export const deleteClip = endpoint({
  method: 'DELETE',
  path: '/api/clips/:id',
  summary: 'Owner or admin: delete a clip and its files.',
  tag: 'Clips',
  status: 204,
  errors: ['not_found', 'forbidden'],
  params: ClipIdParamsSchema,
  response: z.undefined(),
});

export const MediaKeyParamsSchema = z.object({ key: z.string().max(200) });

/** Uploaded media, streamed with HTTP Range (one range per request), ETag and a year-long cache. */
export const getMedia = endpoint({
  method: 'GET',
  path: '/media/:key',
  summary: 'An uploaded video or screenshot; answers Range requests (206/416) and HEAD.',
  tag: 'Media',
  head: true,
  params: MediaKeyParamsSchema,
  headers: z.object({
    range: z.string().optional().meta({ description: 'One byte range, e.g. `bytes=0-1048575`.' }),
    'if-range': z.string().optional(),
    'if-none-match': z.string().optional(),
    'if-modified-since': z.string().optional(),
  }),
  response: rawResponse('The whole file.', 'video/mp4', 'video/webm', 'image/jpeg', 'image/png', 'image/webp'),
  errors: ['not_found', 'range_not_satisfiable'],
  extraResponses: [
    { status: 206, description: 'The requested byte range.', headers: { 'Content-Range': 'bytes start-end/size' } },
    { status: 304, description: 'Not modified (ETag / Last-Modified matched).' },
    {
      status: 302,
      description: 'With STORAGE=s3 and S3_PRESIGNED_REDIRECT=true: a short-lived presigned URL to the object.',
      headers: { Location: 'the presigned URL' },
    },
  ],
});

/** Where a stored media key is served. */
export const mediaPath = (key: string): string => `/media/${encodeURIComponent(key)}`;
