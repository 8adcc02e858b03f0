import { describe, expect, it } from 'vitest';
import { sniffImage, sniffVideo } from './media-sniff';

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
