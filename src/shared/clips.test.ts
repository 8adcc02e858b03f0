import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AllClipsPageSchema,
  AllClipsQuerySchema,
  ClipIdParamsSchema,
  ClipPageQuerySchema,
  ClipPageSchema,
  ClipSchema,
  ClipSortSchema,
  ClipTitleParamsSchema,
  ClipTitleSchema,
  MAX_SCREENSHOT_BYTES,
  MediaKeyParamsSchema,
  MyClipsQuerySchema,
  OwnedClipPageSchema,
  OwnedClipSchema,
  SCREENSHOT_MIME_TYPES,
  UPLOAD_FIELDS,
  UpdateClipBodySchema,
  UploadLimitsSchema,
  VIDEO_MIME_TYPES,
  clipByTitle,
  getMedia,
  mediaPath,
  uploadClip,
} from './clips';
import { present, problems } from '../../tests/support/schema-problems';

const clip = {
  docID: 'clip-1',
  title: 'The Fictional Movie',
  displayName: 'Ada',
  timestamp: '2026-01-01T00:00:00.000Z',
  screenshotURL: '/media/clip-1.jpg',
  url: '/media/clip-1.mp4',
};
const ownedClip = { ...clip, ownerId: 'user-1' };

describe('ClipTitleSchema', () => {
  it.each([
    ['a title of 3 characters', 'Abc', 'Abc'],
    ['a title between spaces', '  The Fictional Movie  ', 'The Fictional Movie'],
    ['a title of 100 characters', 't'.repeat(100), 't'.repeat(100)],
    ['inner spaces as typed', 'A  B', 'A  B'],
  ])('keeps %s', (_case, title, expected) => {
    expect(ClipTitleSchema.parse(title)).toBe(expected);
    expect(UpdateClipBodySchema.parse({ title })).toStrictEqual({ title: expected });
  });

  it.each([
    ['2 characters between spaces', '  Ab  ', ['The title needs at least 3 characters.']],
    ['an empty title', '', ['The title needs at least 3 characters.']],
    ['101 characters', 't'.repeat(101), ['The title can have at most 100 characters.']],
    ['a line break', 'The\nMovie', ['must be a single line']],
    ['a control character', 'The Movie\u0007', ['must not contain control characters']],
    ['a lone surrogate', 'The Movie \uD800', ['must be valid Unicode text']],
  ])('refuses %s', (_case, title, expected) => {
    expect(problems(ClipTitleSchema, title)).toEqual(expected);
  });

  it('is the title of an upload', () => {
    expect(problems(present(uploadClip.body), { title: 'Ab', video: 'v', screenshot: 's' })).toEqual([
      'The title needs at least 3 characters.',
    ]);
    expect(Object.keys(present(uploadClip.body).shape)).toEqual(Object.values(UPLOAD_FIELDS));
  });
});

describe('upload limits', () => {
  it('names the multipart fields title, video and screenshot', () => {
    expect(UPLOAD_FIELDS).toStrictEqual({ title: 'title', video: 'video', screenshot: 'screenshot' });
  });

  it('takes MP4 and WebM videos and JPEG, PNG and WebP screenshots of up to 5 MiB', () => {
    expect(VIDEO_MIME_TYPES).toEqual(['video/mp4', 'video/webm']);
    expect(SCREENSHOT_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(MAX_SCREENSHOT_BYTES).toBe(5_242_880);
  });

  const limits = { maxClipBytes: 1, maxScreenshotBytes: 1, videoTypes: ['video/mp4'], screenshotTypes: [] };

  it.each([
    ['positive sizes', limits, true],
    ['a clip size of 0', { ...limits, maxClipBytes: 0 }, false],
    ['a fractional screenshot size', { ...limits, maxScreenshotBytes: 1.5 }, false],
    ['no type lists', { maxClipBytes: 1, maxScreenshotBytes: 1 }, false],
  ])('%s: valid %s', (_case, value, valid) => {
    expect(UploadLimitsSchema.safeParse(value).success).toBe(valid);
  });
});

describe('clip answers', () => {
  it("leave the owner's id out of public answers", () => {
    expect(ClipSchema.parse(ownedClip)).toStrictEqual(clip);
    expect(ClipPageSchema.parse({ items: [ownedClip], nextCursor: null })).toStrictEqual({ items: [clip], nextCursor: null });
  });

  it("keep the owner's id for the owner and admins", () => {
    expect(OwnedClipSchema.parse(ownedClip)).toStrictEqual(ownedClip);
    expect(OwnedClipSchema.safeParse(clip).success).toBe(false);
    expect(OwnedClipPageSchema.parse({ items: [ownedClip], nextCursor: 'c' })).toStrictEqual({ items: [ownedClip], nextCursor: 'c' });
    expect(OwnedClipPageSchema.safeParse({ items: [clip], nextCursor: null }).success).toBe(false);
  });

  it('list the owners on the All clips page', () => {
    const page = { items: [ownedClip], nextCursor: null, owners: [{ id: 'user-1', name: 'Ada' }] };
    expect(AllClipsPageSchema.parse(page)).toStrictEqual(page);
    expect(AllClipsPageSchema.safeParse({ ...page, owners: undefined }).success).toBe(false);
    expect(AllClipsPageSchema.safeParse({ ...page, owners: [{ id: 'user-1' }] }).success).toBe(false);
  });

  it('answer a movie name with its newest clip or null', () => {
    expect(clipByTitle.response.parse({ clip: ownedClip })).toStrictEqual({ clip });
    expect(clipByTitle.response.parse({ clip: null })).toStrictEqual({ clip: null });
    expect(clipByTitle.response.safeParse({}).success).toBe(false);
  });

  it.each(Object.keys(clip))('need %s', (field) => {
    expect(ClipSchema.safeParse({ ...clip, [field]: undefined }).success).toBe(false);
  });
});

describe('paths and queries', () => {
  it.each([
    ['nothing', {}, { limit: 8 }],
    ['a cursor', { cursor: 'c'.repeat(200) }, { cursor: 'c'.repeat(200), limit: 8 }],
    ['the smallest limit', { limit: '1' }, { limit: 1 }],
    ['the largest limit', { limit: '50' }, { limit: 50 }],
  ])('a clip page query with %s', (_case, query, expected) => {
    expect(ClipPageQuerySchema.parse(query)).toStrictEqual(expected);
  });

  it.each([
    ['a limit of 0', { limit: '0' }],
    ['a limit of 51', { limit: '51' }],
    ['a fractional limit', { limit: '2.5' }],
    ['a cursor of 201 characters', { cursor: 'c'.repeat(201) }],
  ])('a clip page query with %s is refused', (_case, query) => {
    expect(ClipPageQuerySchema.safeParse(query).success).toBe(false);
  });

  it.each([
    ['1', '1'],
    ['2', '2'],
    ['3', '1'],
    [2, '1'],
    [undefined, '1'],
  ])('sort %j means %j', (sort, expected) => {
    expect(ClipSortSchema.parse(sort)).toBe(expected);
    expect(MyClipsQuerySchema.parse({ sort })).toStrictEqual({ limit: 8, sort: expected });
  });

  it('lists all clips, or one owner’s of up to 100 characters', () => {
    expect(AllClipsQuerySchema.parse({ owner: 'user-1', sort: '2' })).toStrictEqual({ owner: 'user-1', sort: '2', limit: 8 });
    expect(AllClipsQuerySchema.parse({})).toStrictEqual({ sort: '1', limit: 8 });
    expect(AllClipsQuerySchema.safeParse({ owner: 'o'.repeat(100) }).success).toBe(true);
    expect(AllClipsQuerySchema.safeParse({ owner: 'o'.repeat(101) }).success).toBe(false);
    expect(AllClipsQuerySchema.safeParse({ owner: 'user\u0000' }).success).toBe(false);
  });

  it.each([
    ['an id of 200 characters', ClipIdParamsSchema, { id: 'i'.repeat(200) }, true],
    ['an id of 201 characters', ClipIdParamsSchema, { id: 'i'.repeat(201) }, false],
    ['an id with a control character', ClipIdParamsSchema, { id: 'clip\u0000' }, false],
    ['a title of 1000 characters', ClipTitleParamsSchema, { title: 't'.repeat(1000) }, true],
    ['a title of 1001 characters', ClipTitleParamsSchema, { title: 't'.repeat(1001) }, false],
    ['a title with a control character', ClipTitleParamsSchema, { title: 'Movie\u001b' }, false],
    ['a media key of 200 characters', MediaKeyParamsSchema, { key: 'k'.repeat(200) }, true],
    ['a media key of 201 characters', MediaKeyParamsSchema, { key: 'k'.repeat(201) }, false],
  ])('%s: valid %s', (_case, schema: z.ZodType, params, valid) => {
    expect(schema.safeParse(params).success).toBe(valid);
  });

  it.each([
    ['clip-1.mp4', '/media/clip-1.mp4'],
    ['a b/c?.jpg', '/media/a%20b%2Fc%3F.jpg'],
  ])('media key %j is served at %j', (key, expected) => {
    expect(mediaPath(key)).toBe(expected);
  });

  it('takes the conditional and range headers of a media request, all optional', () => {
    const headers = { range: 'bytes=0-1', 'if-range': '"e"', 'if-none-match': '"e"', 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' };
    expect(present(getMedia.headers).parse(headers)).toStrictEqual(headers);
    expect(present(getMedia.headers).parse({})).toStrictEqual({});
  });
});
