import type { Clip, OwnedClip } from '../../../shared/clips';
import type { Screenshot } from './capture-screenshots';
import type { RunningUpload, UploadInput } from './upload-clip';
import type { UploadServices } from './use-upload';

/** The first bytes of an MP4 file (an `ftyp` box with the `isom` brand), enough for the content check. */
const MP4_HEAD = [0, 0, 0, 0x18, ...'ftypisom'].map((byte) => (typeof byte === 'number' ? byte : byte.charCodeAt(0)));

/** A File whose content is an MP4 (by its first bytes) of `size` bytes. */
export function mp4File(name: string, size = 2048): File {
  const bytes = new Uint8Array(size);
  bytes.set(MP4_HEAD);
  return new File([bytes], name, { type: 'video/mp4' });
}

export function clipWithId(docID: string, title = 'A test clip'): OwnedClip {
  return {
    docID,
    title,
    displayName: 'Test Uploader',
    ownerId: 'owner-1',
    timestamp: '2026-01-02T03:04:05.000Z',
    screenshotURL: `/media/${docID}.jpg`,
    url: `/media/${docID}.webm`,
  };
}

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One upload started through the fake services: what it was given, and the handles to drive it. */
export type FakeUpload = {
  input: UploadInput;
  progress: (percent: number) => void;
  succeed: (clip: Clip) => void;
  fail: (error: unknown) => void;
  aborted: boolean;
};

/**
 * Upload services for jsdom (no XMLHttpRequest upload, no <video> or <canvas>): screenshots and
 * uploads are promises the test settles, so each step of the workflow can be looked at.
 */
export function fakeUploadServices() {
  const uploads: FakeUpload[] = [];
  const captures: { file: File; settle: Deferred<Screenshot[]> }[] = [];
  const services: UploadServices = {
    captureScreenshots: (file) => {
      const settle = deferred<Screenshot[]>();
      captures.push({ file, settle });
      return settle.promise;
    },
    startUpload: (input, onProgress): RunningUpload => {
      const done = deferred<Clip>();
      const upload: FakeUpload = {
        input,
        progress: onProgress,
        succeed: done.resolve,
        fail: done.reject,
        aborted: false,
      };
      uploads.push(upload);
      return {
        done: done.promise,
        abort: () => {
          upload.aborted = true;
          done.reject(new DOMException('The upload was cancelled.', 'AbortError'));
        },
      };
    },
  };
  return { services, uploads, captures };
}

/** Three screenshots as captureScreenshots makes them (object URLs of JPEG blobs). */
export function threeScreenshots(prefix = 'shot'): Screenshot[] {
  return [0.2, 0.5, 0.8].map((at, index) => ({
    blob: new Blob([`jpeg ${prefix} ${index}`], { type: 'image/jpeg' }),
    url: `blob:${prefix}-${index}`,
    at,
  }));
}
