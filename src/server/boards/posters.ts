import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { placeholderPosterSvg } from '../../domain/poster-placeholder';
import type { Poster } from '../../shared/boards';
import { mediaPath } from '../../shared/clips';
import { unsupportedMediaType } from '../../shared/errors';
import type { MediaStorage } from '../media/storage';
import { pointFontconfigAtShippedFonts } from '../pages/share-image';
import { loadSharp } from '../products/product-images';

/**
 * Poster renditions (decision 150/151): every poster — uploaded or a generated placeholder — is
 * stored in the media storage as WebP and AVIF at POSTER_WIDTHS (2:3), under a fresh prefix
 * (`poster-<uuid>`), so a key is never reused for other bytes and `/media/…` caches it for good.
 * The board shows ~100–160 CSS px squares, the movie card ~300: 160 and 320 wide cover 1× and 2×
 * screens, 480 a 3× phone's movie card.
 */
export const POSTER_WIDTHS = [160, 320, 480] as const;
/** `src` (the spec's imageURL, and every browser's fallback) is the WebP at this width. */
const SRC_WIDTH = 320;
const MAX_INPUT_PIXELS = 40_000_000;
/** Accepted formats as sharp names them (AVIF is read as `heif`). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

/** What a stored poster is, as the movies table holds it. */
export type PosterColumns = {
  poster_key: string | null;
  poster_widths: number[];
  poster_placeholder: boolean;
  poster_static: string | null;
};

const renditionKey = (prefix: string, width: number, format: 'webp' | 'avif') => `${prefix}-${width}.${format}`;

/** Every media key of a stored poster (for deleting it, and for the media sweep to keep it). */
export function posterMediaKeys(prefix: string, widths: readonly number[]): string[] {
  return widths.flatMap((width) => [renditionKey(prefix, width, 'webp'), renditionKey(prefix, width, 'avif')]);
}

/** Widths of the demo posters' WebP renditions made by the build (scripts/rasterise-posters.mjs). */
export const DEMO_POSTER_WIDTHS = [160, 320, 480] as const;

/**
 * The demo posters (`/posters/<id>.svg`) the built site also has as WebP at every DEMO_POSTER_WIDTHS,
 * read once from the static directory; empty without a build (tests, a dev server).
 */
export function demoPosterRasters(staticDir: string): ReadonlySet<string> {
  let names: string[];
  try {
    names = readdirSync(path.join(staticDir, 'posters'));
  } catch {
    return new Set();
  }
  const present = new Set(names);
  return new Set(
    names
      .filter((name) => name.endsWith('.svg'))
      .filter((name) => DEMO_POSTER_WIDTHS.every((width) => present.has(`${name.slice(0, -'.svg'.length)}-${width}.webp`)))
      .map((name) => `/posters/${name}`),
  );
}

/**
 * The wire shape of a movie's poster (shared/boards.ts PosterSchema). A seeded movie's demo poster
 * keeps its SVG as `src` (the spec's imageURL, as the movie list always had it) and, when the build
 * rasterised it (`rasters`), offers the WebP renditions as its <picture> source.
 */
export function posterOf(columns: PosterColumns, rasters: ReadonlySet<string> = new Set()): Poster {
  const { poster_key: key, poster_widths: widths } = columns;
  if (key !== null && widths.length > 0) {
    const srcset = (format: 'webp' | 'avif') =>
      widths.map((width) => `${mediaPath(renditionKey(key, width, format))} ${width}w`).join(', ');
    const srcWidth = widths.includes(SRC_WIDTH) ? SRC_WIDTH : (widths[widths.length - 1] ?? SRC_WIDTH);
    // Generated placeholders are flat drawings: WebP only (AVIF would cost most of their drawing time).
    const avif = columns.poster_placeholder ? [] : [{ type: 'image/avif', srcset: srcset('avif') }];
    return {
      src: mediaPath(renditionKey(key, srcWidth, 'webp')),
      sources: [...avif, { type: 'image/webp', srcset: srcset('webp') }],
      placeholder: columns.poster_placeholder,
    };
  }
  // A seeded movie's demo poster, served by the static site.
  const src = columns.poster_static ?? '';
  if (!rasters.has(src)) return { src, sources: [], placeholder: true };
  const base = src.slice(0, -'.svg'.length);
  const srcset = DEMO_POSTER_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', ');
  return { src, sources: [{ type: 'image/webp', srcset }], placeholder: true };
}

const unreadablePoster = () => unsupportedMediaType('The poster could not be read. Upload a JPEG, PNG, WebP or AVIF picture.');

/** Checks an upload by content: JPEG, PNG, WebP or AVIF that sharp can decode (SVG, GIF and the rest are refused). */
async function checkedInput(input: Buffer): Promise<void> {
  const sharp = await loadSharp();
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
    compression = metadata.compression;
  } catch {
    throw unreadablePoster();
  }
  // HEIF holds AVIF (AV1) and HEIC (HEVC): only AVIF is a poster format browsers show.
  if (format === undefined || !ACCEPTED_FORMATS.has(format) || (format === 'heif' && compression !== 'av1')) throw unreadablePoster();
}

type Rendition = { key: string; bytes: Buffer; contentType: string };

type RenditionOptions = { withAvif: boolean; webpEffort: number };
const UPLOADED: RenditionOptions = { withAvif: true, webpEffort: 4 };
/**
 * Generated placeholders are flat drawings: WebP only, and at effort 2, which halves their
 * encoding time (the bulk of a board import's time, decision 194) for about 4 % more bytes.
 */
const PLACEHOLDER: RenditionOptions = { withAvif: false, webpEffort: 2 };

/**
 * Renders `input` (a checked upload or a placeholder SVG) at every width, 2:3, cropped to the
 * centre, metadata stripped. The input is decoded once, straight to the largest rendition (JPEG
 * and WebP decode at a reduced scale), turned upright by its EXIF orientation; every rendition is
 * made from that small copy, one at a time, so a 24-megapixel upload never sits in memory whole.
 */
async function renditions(input: Buffer, prefix: string, { withAvif, webpEffort }: RenditionOptions): Promise<Rendition[]> {
  const sharp = await loadSharp();
  const largest = Math.max(...POSTER_WIDTHS);
  const out: Rendition[] = [];
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: largest, height: Math.round(largest * 1.5), fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    for (const width of POSTER_WIDTHS) {
      const resized = () => sharp(data, raw).resize({ width, height: Math.round(width * 1.5) });
      // sharp writes no metadata unless asked: EXIF, XMP and ICC of the upload are gone.
      const webp = await resized().webp({ quality: 80, effort: webpEffort }).toBuffer();
      out.push({ key: renditionKey(prefix, width, 'webp'), bytes: webp, contentType: 'image/webp' });
      if (withAvif) {
        const avif = await resized().avif({ quality: 55, effort: 2 }).toBuffer();
        out.push({ key: renditionKey(prefix, width, 'avif'), bytes: avif, contentType: 'image/avif' });
      }
    }
  } catch {
    throw unreadablePoster();
  }
  return out;
}

async function store(storage: MediaStorage, rendered: Rendition[]): Promise<void> {
  for (const rendition of rendered) {
    await storage.put(rendition.key, Readable.from([rendition.bytes]), {
      contentType: rendition.contentType,
      maxBytes: rendition.bytes.length,
    });
  }
}

export type StoredPoster = { poster_key: string; poster_widths: number[]; poster_placeholder: boolean };

/** Renders an uploaded poster and stores its renditions under a new prefix. */
export async function storeUploadedPoster(storage: MediaStorage, upload: Buffer): Promise<StoredPoster> {
  await checkedInput(upload);
  const prefix = newPosterPrefix();
  await store(storage, await renditions(upload, prefix, UPLOADED));
  return { poster_key: prefix, poster_widths: [...POSTER_WIDTHS], poster_placeholder: false };
}

/** A new poster's media prefix (a key is never reused for other bytes). */
export function newPosterPrefix(): string {
  return `poster-${randomUUID()}`;
}

/**
 * Draws a movie's placeholder and stores its renditions under `prefix` (new by default; a caller
 * that must record the keys before the files exist, like an import, makes it first).
 */
export async function storePlaceholderPoster(
  storage: MediaStorage,
  name: string,
  year: number,
  prefix = newPosterPrefix(),
): Promise<StoredPoster> {
  pointFontconfigAtShippedFonts();
  await store(storage, await renditions(Buffer.from(placeholderPosterSvg(name, year)), prefix, PLACEHOLDER));
  return { poster_key: prefix, poster_widths: [...POSTER_WIDTHS], poster_placeholder: true };
}

/** Removes a replaced poster's files (best effort: a file left behind costs disk, never correctness). */
export async function removePosterFiles(storage: MediaStorage, prefix: string | null, widths: readonly number[]): Promise<void> {
  if (prefix === null) return;
  for (const key of posterMediaKeys(prefix, widths)) await storage.remove(key);
}
