import { ClipSchema, UPLOAD_FIELDS, uploadClip, type Clip } from '../../../shared/clips';
import { ApiError, apiErrorFrom } from '../../lib/api-client';

export type UploadInput = { title: string; video: File; screenshot: Blob };

export type RunningUpload = { done: Promise<Clip>; abort: () => void };

/**
 * POST /api/clips as multipart/form-data. XMLHttpRequest rather than fetch because only it
 * reports upload progress. The title goes first so the server can refuse a bad one early.
 */
export function startClipUpload({ title, video, screenshot }: UploadInput, onProgress: (percent: number) => void): RunningUpload {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  form.append(UPLOAD_FIELDS.title, title);
  form.append(UPLOAD_FIELDS.video, video, video.name);
  form.append(UPLOAD_FIELDS.screenshot, screenshot, 'screenshot.jpg');

  const done = new Promise<Clip>((resolve, reject) => {
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status !== 201) {
        reject(apiErrorFrom(xhr.status, xhr.responseText));
        return;
      }
      try {
        resolve(ClipSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => {
      reject(new ApiError(0, 'network_error', 'The upload failed: the connection was lost. Please try again.'));
    });
    xhr.addEventListener('abort', () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
  });

  xhr.open(uploadClip.method, uploadClip.path);
  xhr.setRequestHeader('accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
