import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasErrnoCode } from '../../src/shared/errors';

export type FormPart = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject, parts in the given order. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mingo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const demoDir = fileURLToPath(new URL('../../assets/demo-clips/', import.meta.url));

/** A real, small WebM video and JPEG screenshot from the demo content. */
export const sampleVideo = (): Buffer => readFileSync(path.join(demoDir, 'sinners.webm'));
export const sampleScreenshot = (): Buffer => readFileSync(path.join(demoDir, 'sinners.jpg'));
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A complete upload form: title, video, screenshot. */
export function clipForm(title: string, video: Buffer = sampleVideo(), screenshot: Buffer = sampleScreenshot()) {
  return multipart([
    { name: 'title', value: title },
    { name: 'video', filename: 'clip.webm', contentType: 'video/webm', data: video },
    { name: 'screenshot', filename: 'shot.jpg', contentType: 'image/jpeg', data: screenshot },
  ]);
}

/** Every file under a directory, recursively (relative paths). */
export async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if (hasErrnoCode(error, 'ENOENT')) return [];
    throw error;
  }
}
