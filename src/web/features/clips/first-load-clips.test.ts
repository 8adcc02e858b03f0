import { describe, expect, expectTypeOf, it } from 'vitest';
import { expectTwinAgrees } from '../../test/twins';
import type { z } from 'zod';
import {
  CLIP_PAGE_SIZE_DEFAULT,
  clipByTitle as sharedClipByTitle,
  ClipPageSchema as SharedClipPageSchema,
  ClipSchema as SharedClipSchema,
  listClips as sharedListClips,
  type Clip,
  type ClipPage,
} from '../../../shared/clips';
import { callApi } from '../../lib/api-client';
import type { Infer } from '../../lib/first-load-schemas';
import { CLIP_PAGE_SIZE, clipByTitle, ClipPageSchema, ClipSchema, listClips } from './first-load-clips';

// The clips' first-load twins must accept and refuse exactly what the shared contract does.

const clip: Clip = {
  docID: 'c1',
  title: 'A Fictional Movie',
  displayName: 'Ann',
  timestamp: '2026-01-01T10:00:00.000Z',
  screenshotURL: '/media/screenshots/c1.webp',
  url: '/media/clips/c1.mp4',
};
const without = (key: keyof Clip): Record<string, unknown> => Object.fromEntries(Object.entries(clip).filter(([name]) => name !== key));

const clips: [string, unknown][] = [
  ['a clip', clip],
  ['empty strings', { ...clip, title: '', displayName: '', url: '' }],
  ['an owned clip (owner id stripped)', { ...clip, ownerId: 'u1' }],
  ['no title', without('title')],
  ['no url', without('url')],
  ['a numeric id', { ...clip, docID: 1 }],
  ['a date object', { ...clip, timestamp: new Date(0) }],
  ['null', null],
  ['an array', [clip]],
];

const pages: [string, unknown][] = [
  ['a page', { items: [clip, { ...clip, docID: 'c2' }], nextCursor: 'abc' }],
  ['the last page', { items: [clip], nextCursor: null }],
  ['no clips', { items: [], nextCursor: null }],
  ['extra fields (stripped)', { items: [clip], nextCursor: null, total: 1 }],
  ['no cursor', { items: [clip] }],
  ['a numeric cursor', { items: [clip], nextCursor: 2 }],
  ['a bad clip', { items: [{ ...clip, title: 3 }], nextCursor: null }],
  ['a bare array', [clip]],
  ['null', null],
];

const byTitle: [string, unknown][] = [
  ['a clip', { clip }],
  ['none', { clip: null }],
  ['missing', {}],
  ['a bad clip', { clip: { ...clip, url: null } }],
  ['extra fields (stripped)', { clip, title: 'x' }],
  ['null', null],
];

/** A twin is called with its shared endpoint's typed options (type-checked, never run). */
function calls(): unknown[] {
  expectTypeOf(callApi(listClips, { query: { limit: 8 } })).resolves.toEqualTypeOf<ClipPage>();
  return [
    callApi(listClips, { query: { limit: 8, cursor: 'abc' } }),
    callApi(clipByTitle, { params: { title: 'Sinners' } }),
    // @ts-expect-error -- the title is required
    callApi(clipByTitle),
  ];
}

describe('the clips’ first-load twins', () => {
  it.each(clips)('the clip twin agrees with ClipSchema on %s', (_, input) => {
    expectTwinAgrees(SharedClipSchema, ClipSchema, input);
  });

  it.each(pages)('the clip page twin agrees with ClipPageSchema on %s', (_, input) => {
    expectTwinAgrees(SharedClipPageSchema, ClipPageSchema, input);
  });

  it.each(byTitle)('the by-title twin agrees with clipByTitle.response on %s', (_, input) => {
    expectTwinAgrees(sharedClipByTitle.response, clipByTitle.response, input);
  });

  it.each([
    ['listClips', listClips, sharedListClips],
    ['clipByTitle', clipByTitle, sharedClipByTitle],
  ] as const)('%s calls the shared endpoint’s method and path', (_, twin, shared) => {
    expect(twin.method).toBe(shared.method);
    expect(twin.path).toBe(shared.path);
  });

  it('asks for the shared default page size', () => {
    expect(CLIP_PAGE_SIZE).toBe(CLIP_PAGE_SIZE_DEFAULT);
  });

  it('infers the same types, and calls take the shared endpoint’s options (checked by typecheck)', () => {
    expect(calls).toBeTypeOf('function');
    expectTypeOf<Infer<typeof ClipSchema>>().toEqualTypeOf<Clip>();
    expectTypeOf<Infer<typeof ClipPageSchema>>().toEqualTypeOf<ClipPage>();
    expectTypeOf<Infer<typeof clipByTitle.response>>().toEqualTypeOf<z.infer<typeof sharedClipByTitle.response>>();
  });
});
