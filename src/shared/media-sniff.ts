/**
 * File types recognised by their first bytes ("magic numbers"), never by name or declared type.
 * Pure byte logic, used by the server on every upload and by the browser before sending.
 */
export type SniffedVideo = { mime: 'video/mp4'; extension: 'mp4' } | { mime: 'video/webm'; extension: 'webm' };
export type SniffedImage =
  { mime: 'image/jpeg'; extension: 'jpg' } | { mime: 'image/png'; extension: 'png' } | { mime: 'image/webp'; extension: 'webp' };

/** How many leading bytes the sniffers look at. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number): string => String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * ISO base media brands of MP4 video. HEIF/AVIF images and M4A audio share the `ftyp` box but
 * carry other brands, so the box alone is not enough.
 */
export const MP4_BRANDS: ReadonlySet<string> = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'av01',
  'dash',
  'mmp4',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'XAVC',
  'NDAS',
]);

function isMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, boxSize > 8 ? boxSize : bytes.length);
  // Major brand at 8, minor version at 12, compatible brands from 16 to the end of the box.
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands.some((brand) => MP4_BRANDS.has(brand));
}

const EBML = [0x1a, 0x45, 0xdf, 0xa3] as const;
const DOCTYPE_ID = [0x42, 0x82] as const;

/** An EBML header whose DocType element (0x4282, then a 1–8 byte size) reads "webm"; Matroska says "matroska". */
function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, EBML)) return false;
  for (let offset = 4; offset + 2 < bytes.length; offset += 1) {
    if (bytes[offset] !== DOCTYPE_ID[0] || bytes[offset + 1] !== DOCTYPE_ID[1]) continue;
    for (let sizeBytes = 1; sizeBytes <= 8; sizeBytes += 1) {
      if (ascii(bytes, offset + 2 + sizeBytes, 4) === 'webm') return true;
    }
  }
  return false;
}

export function sniffVideo(bytes: Uint8Array): SniffedVideo | null {
  if (isMp4(bytes)) return { mime: 'video/mp4', extension: 'mp4' };
  if (isWebm(bytes)) return { mime: 'video/webm', extension: 'webm' };
  return null;
}

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', extension: 'png' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}
