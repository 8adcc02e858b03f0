/** Where in the video the three screenshot candidates are taken, as fractions of its length. */
const POSITIONS = [0.2, 0.5, 0.8];
const MAX_WIDTH = 1280;
const STEP_TIMEOUT_MS = 10_000;

export type Screenshot = { blob: Blob; url: string; at: number };

export class ScreenshotError extends Error {
  override name = 'ScreenshotError';
}

function waitFor(video: HTMLVideoElement, event: 'loadedmetadata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => done(new ScreenshotError('The video took too long to load.')), STEP_TIMEOUT_MS);
    const onEvent = () => done();
    const onError = () => done(new ScreenshotError('This browser cannot play this video, so no screenshots can be made from it.'));
    function done(error?: Error) {
      window.clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (error === undefined) resolve();
      else reject(error);
    }
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

async function knownDuration(video: HTMLVideoElement): Promise<number> {
  if (Number.isFinite(video.duration) && video.duration > 0) return video.duration;
  // Recorded WebM often lacks a duration until the end has been seen: seek far to learn it.
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await waitFor(video, 'seeked');
  return Number.isFinite(video.duration) ? video.duration : video.currentTime;
}

function frameToJpeg(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (context === null) return Promise.reject(new ScreenshotError('This browser cannot draw screenshots.'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob === null ? reject(new ScreenshotError('The screenshot could not be made.')) : resolve(blob)),
      'image/jpeg',
      0.85,
    );
  });
}

/**
 * Three JPEG screenshots of a local video file, made in the browser with <video> and <canvas>
 * (no upload, no server-side video tools). The caller revokes the returned object URLs.
 */
export async function captureScreenshots(file: File): Promise<Screenshot[]> {
  const source = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = waitFor(video, 'loadedmetadata');
    video.src = source;
    await loaded;
    if (video.videoWidth === 0 || video.videoHeight === 0) throw new ScreenshotError('This file has no picture to make screenshots from.');
    const duration = await knownDuration(video);
    const shots: Screenshot[] = [];
    for (const position of POSITIONS) {
      const at = duration * position;
      const seeked = waitFor(video, 'seeked');
      video.currentTime = at;
      await seeked;
      const blob = await frameToJpeg(video);
      shots.push({ blob, url: URL.createObjectURL(blob), at });
    }
    return shots;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(source);
  }
}
