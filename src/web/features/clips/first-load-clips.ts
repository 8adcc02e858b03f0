import type { clipByTitle as SharedClipByTitle, listClips as SharedListClips } from '../../../shared/clips';
import { array, nullable, object, string, type FirstLoadEndpoint } from '../../lib/first-load-schemas';

// Home's clip list and a movie card's clip without zod (decision 184, after the shop's 183):
// first-load twins of the two clip endpoints a visitor reads. first-load-clips.test.ts checks that
// each accepts and refuses exactly what the shared schema does, with the same output and types.

/** `CLIP_PAGE_SIZE_DEFAULT` of src/shared/clips.ts (checked by the test): Home's page of clips. */
export const CLIP_PAGE_SIZE = 8;

/** `ClipSchema` of src/shared/clips.ts. */
export const ClipSchema = object({
  docID: string(),
  title: string(),
  displayName: string(),
  timestamp: string(),
  screenshotURL: string(),
  url: string(),
});

/** `ClipPageSchema` of src/shared/clips.ts. */
export const ClipPageSchema = object({ items: array(ClipSchema), nextCursor: nullable(string()) });

export const listClips: FirstLoadEndpoint<typeof SharedListClips> = {
  method: 'GET',
  path: '/api/clips',
  response: ClipPageSchema,
};

export const clipByTitle: FirstLoadEndpoint<typeof SharedClipByTitle> = {
  method: 'GET',
  path: '/api/clips/by-title/:title',
  response: object({ clip: nullable(ClipSchema) }),
};
