import { describe, expect, it } from 'vitest';
import { MP4_BRANDS, SNIFF_BYTES, sniffImage, sniffVideo } from './media-sniff';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 2, 0], ...compatible);

describe('sniffVideo', () => {
  it('recognises MP4 by its ftyp box and a video brand', () => {
    expect(sniffVideo(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toEqual({ mime: 'video/mp4', extension: 'mp4' });
    expect(sniffVideo(ftyp('mp42', 'mp42'))).toEqual({ mime: 'video/mp4', extension: 'mp4' });
    expect(sniffVideo(ftyp('XYZ1', 'dash'))).toEqual({ mime: 'video/mp4', extension: 'mp4' });
  });

  it('refuses HEIF/AVIF images that share the ftyp box (an M4A listing an MP4 brand is an MP4 container)', () => {
    expect(sniffVideo(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffVideo(ftyp('avif', 'avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffVideo(ftyp('M4A ', 'M4A ', 'mp42'))).toEqual({ mime: 'video/mp4', extension: 'mp4' });
  });

  it('recognises WebM by its EBML header and DocType, not Matroska', () => {
    const webm = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87]);
    expect(sniffVideo(webm)).toEqual({ mime: 'video/webm', extension: 'webm' });
    const mkv = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska');
    expect(sniffVideo(mkv)).toBeNull();
  });

  it('refuses other content whatever its name', () => {
    expect(sniffVideo(bytes('<!doctype html><html>'))).toBeNull();
    expect(sniffVideo(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffVideo(new Uint8Array())).toBeNull();
  });
});

describe('sniffImage', () => {
  it('recognises JPEG, PNG and WebP', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({ mime: 'image/png', extension: 'png' });
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual({ mime: 'image/webp', extension: 'webp' });
  });

  it('refuses SVG, GIF and text', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(bytes('GIF89a'))).toBeNull();
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
  });
});

describe('sniffVideo: the ftyp box', () => {
  // The brands are the sniffer's own list: each one, a FourCC, must be read both as the major brand
  // and among the compatible ones. Brands that real files carry are named in the tests above.
  it('knows 28 video brands', () => {
    expect(MP4_BRANDS.size).toBe(28);
  });

  it.each([...MP4_BRANDS])('%j is a video brand', (brand) => {
    expect(brand).toMatch(/^[\x20-\x7e]{4}$/);
    expect(sniffVideo(ftyp(brand))).toEqual({ mime: 'video/mp4', extension: 'mp4' });
    expect(sniffVideo(ftyp('heic', 'mif1', brand))).toEqual({ mime: 'video/mp4', extension: 'mp4' });
  });

  it.each([
    ['the shortest box: size, ftyp and a major brand', bytes([0, 0, 0, 12], 'ftyp', 'isom'), true],
    ['one byte short of a major brand', bytes([0, 0, 0, 11], 'ftyp', 'iso'), false],
    ['a video brand in another box than ftyp', bytes([0, 0, 0, 16], 'moov', 'isom', [0, 0, 0, 0]), false],
    ['a video brand as the minor version', bytes([0, 0, 0, 20], 'ftyp', 'heic', 'isom', 'mif1'), false],
    ['a video brand after the ftyp box', bytes([0, 0, 0, 16], 'ftyp', 'heic', [0, 0, 0, 0], 'isom'), false],
    ['a video brand among image brands', bytes([0, 0, 0, 24], 'ftyp', 'heic', [0, 0, 0, 0], 'mif1', 'isom'), true],
    ['a video major brand with image brands', bytes([0, 0, 0, 24], 'ftyp', 'isom', [0, 0, 0, 0], 'mif1', 'heic'), true],
    ['a box size of 0 (to the end of the file)', bytes([0, 0, 0, 0], 'ftyp', 'heic', [0, 0, 0, 0], 'isom'), true],
    ['a box size of 8 (no room for brands: to the end)', bytes([0, 0, 0, 8], 'ftyp', 'heic', [0, 0, 0, 0], 'isom'), true],
    ['a box larger than the bytes read', bytes([0, 0, 1, 0], 'ftyp', 'heic', [0, 0, 0, 0], 'isom'), true],
    ['a box of 2^8 + 20 bytes read to its size', bytes([0, 0, 1, 20], 'ftyp', 'heic', [0, 0, 0, 0], 'mif1', 'isom'), true],
    ['a box of 2^16 + 20 bytes read to its size', bytes([0, 1, 0, 20], 'ftyp', 'heic', [0, 0, 0, 0], 'mif1', 'isom'), true],
    ['a box of 2^24 + 20 bytes read to its size', bytes([1, 0, 0, 20], 'ftyp', 'heic', [0, 0, 0, 0], 'mif1', 'isom'), true],
    ['a brand cut short by the end of the bytes', bytes([0, 0, 0, 0], 'ftyp', 'heic', [0, 0, 0, 0], 'iso'), false],
  ])('%s → MP4: %s', (_case, data, isMp4) => {
    expect(sniffVideo(data)).toEqual(isMp4 ? { mime: 'video/mp4', extension: 'mp4' } : null);
  });
});

describe('sniffVideo: the EBML header', () => {
  const EBML = [0x1a, 0x45, 0xdf, 0xa3];

  it.each([
    ['a DocType right after the magic number', bytes(EBML, [0x42, 0x82, 0x84], 'webm'), true],
    ['a DocType with a size of 8 bytes', bytes(EBML, [0x42, 0x82, 0x01, 0, 0, 0, 0, 0, 0, 0x04], 'webm'), true],
    ['a DocType with a size of 9 bytes', bytes(EBML, [0x42, 0x82, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x04], 'webm'), false],
    ['"webm" after another element with the same first byte', bytes(EBML, [0x42, 0x86, 0x84], 'webm'), false],
    ['"webm" after another element with the same second byte', bytes(EBML, [0x41, 0x82, 0x84], 'webm'), false],
    ['"webm" before the DocType', bytes(EBML, [0x84], 'webm', [0x42, 0x82, 0x88], 'matroska'), false],
    ['a DocType without the magic number', bytes([0x1a, 0x45, 0xdf, 0xa4, 0x42, 0x82, 0x84], 'webm'), false],
    ['the magic number alone', bytes(EBML), false],
  ])('%s → WebM: %s', (_case, data, isWebm) => {
    expect(sniffVideo(data)).toEqual(isWebm ? { mime: 'video/webm', extension: 'webm' } : null);
  });
});

describe('sniffImage: signatures', () => {
  it.each([
    ['the JPEG signature alone', bytes([0xff, 0xd8, 0xff]), 'jpg'],
    ['two bytes of the JPEG signature', bytes([0xff, 0xd8]), null],
    ['a JPEG signature with a wrong last byte', bytes([0xff, 0xd8, 0xfe, 0xe0]), null],
    ['a JPEG signature with a wrong first byte', bytes([0xfe, 0xd8, 0xff, 0xe0]), null],
    ['the PNG signature alone', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    ['seven bytes of the PNG signature', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]), null],
    ['a PNG signature with a wrong last byte', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]), null],
    ['the shortest WebP header', bytes('RIFF', [1, 2, 3, 4], 'WEBP'), 'webp'],
    ['a WebP header without RIFF', bytes('RIFX', [1, 2, 3, 4], 'WEBPVP8 '), null],
    ['a RIFF header one byte short of WEBP', bytes('RIFF', [1, 2, 3, 4], 'WEB'), null],
    ['nothing', new Uint8Array(), null],
  ])('%s → %s', (_case, data, extension) => {
    expect(sniffImage(data)?.extension ?? null).toBe(extension);
  });

  it('reads the first 64 bytes', () => {
    expect(SNIFF_BYTES).toBe(64);
  });
});
