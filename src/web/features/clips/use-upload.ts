import { useEffect, useReducer, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { ClipTitleSchema, type UploadLimits } from '../../../shared/clips';
import { formatMegabytes } from '../../../domain/format';
import { SNIFF_BYTES, sniffVideo } from '../../../shared/media-sniff';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { captureScreenshots, ScreenshotError, type Screenshot } from './capture-screenshots';
import { titleFromFileName } from './title-from-file';
import { startClipUpload, type RunningUpload, type UploadInput } from './upload-clip';

export const REDIRECT_DELAY_MS = 1000;

/** Where the upload is: one value, so no two flags can disagree. */
export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; clipId: string }
  | { kind: 'failed'; message: string };

export type UploadState = {
  video: File | null;
  /** Why the last chosen file cannot be uploaded (type, size, no screenshots). */
  fileProblem: string | null;
  screenshots: Screenshot[];
  chosen: number;
  title: string;
  /** The title is the one suggested by the file's name (not typed), so a later-loaded movie list may refine it. */
  titleFromFile: boolean;
  phase: UploadPhase;
};

export type UploadEvent =
  | { type: 'fileChosen' }
  | { type: 'fileRejected'; problem: string }
  | { type: 'fileAccepted'; video: File; title: string }
  | { type: 'screenshotsMade'; screenshots: Screenshot[] }
  | { type: 'screenshotsFailed'; problem: string }
  | { type: 'screenshotPicked'; index: number }
  | { type: 'titleTyped'; title: string }
  | { type: 'titleSuggested'; title: string }
  | { type: 'uploadStarted' }
  | { type: 'uploadProgressed'; percent: number }
  | { type: 'uploaded'; clipId: string }
  | { type: 'uploadFailed'; message: string };

export const initialUploadState: UploadState = {
  video: null,
  fileProblem: null,
  screenshots: [],
  chosen: 0,
  title: '',
  titleFromFile: false,
  phase: { kind: 'idle' },
};

/** The upload page's state machine: file chosen → checked → screenshots → title → uploading → done. */
export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'fileChosen':
      return { ...state, video: null, screenshots: [], phase: { kind: 'idle' } };
    case 'fileRejected':
      return { ...state, fileProblem: event.problem };
    case 'fileAccepted':
      return { ...state, fileProblem: null, video: event.video, title: event.title, titleFromFile: true, phase: { kind: 'preparing' } };
    case 'screenshotsMade':
      return { ...state, screenshots: event.screenshots, chosen: 0, phase: { kind: 'idle' } };
    case 'screenshotsFailed':
      return { ...state, video: null, fileProblem: event.problem, phase: { kind: 'idle' } };
    case 'screenshotPicked':
      return { ...state, chosen: event.index };
    case 'titleTyped':
      return { ...state, title: event.title, titleFromFile: false };
    case 'titleSuggested':
      return state.titleFromFile ? { ...state, title: event.title } : state;
    case 'uploadStarted':
      return { ...state, phase: { kind: 'uploading', percent: 0 } };
    case 'uploadProgressed':
      return state.phase.kind === 'uploading' ? { ...state, phase: { kind: 'uploading', percent: event.percent } } : state;
    case 'uploaded':
      return { ...state, phase: { kind: 'done', clipId: event.clipId } };
    case 'uploadFailed':
      return { ...state, phase: { kind: 'failed', message: event.message } };
  }
}

/** The same checks as the server, made before sending: content type by the first bytes, then size. */
export async function checkVideo(file: File, limits: UploadLimits): Promise<string | null> {
  if (file.size === 0) return 'This file is empty.';
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (sniffVideo(head) === null) return 'Only MP4 and WebM videos can be uploaded.';
  if (file.size > limits.maxClipBytes) {
    return `This video is ${formatMegabytes(file.size)}; the limit is ${formatMegabytes(limits.maxClipBytes)}.`;
  }
  return null;
}

/** What the hook does in the browser; a test hands in stand-ins (no XHR, no <video>/<canvas> in jsdom). */
export type UploadServices = {
  startUpload: (input: UploadInput, onProgress: (percent: number) => void) => RunningUpload;
  captureScreenshots: (file: File) => Promise<Screenshot[]>;
};

const browserServices: UploadServices = { startUpload: startClipUpload, captureScreenshots };

type UseUploadOptions = {
  /** The server's limits; undefined while they load (nothing can be chosen until then). */
  limits: UploadLimits | undefined;
  movieNames: readonly string[];
  services?: UploadServices;
};

/**
 * The upload page's workflow: checks and screenshots a chosen video, suggests its title, uploads
 * with progress, and goes to the new clip a second after it is done. A running upload asks before
 * the visitor leaves the page (and leaving cancels it); unmounting cancels it too.
 */
export function useUpload({ limits, movieNames, services = browserServices }: UseUploadOptions) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const running = useRef<RunningUpload | null>(null);
  const { phase, screenshots, video } = state;

  const uploading = phase.kind === 'uploading';
  const busy = uploading || phase.kind === 'done' || phase.kind === 'preparing';
  const titleCheck = ClipTitleSchema.safeParse(state.title);
  const screenshot = screenshots[state.chosen];
  const canSubmit = video !== null && screenshot !== undefined && titleCheck.success && !busy;
  const matchesMovie = titleCheck.success && movieNames.includes(titleCheck.data);

  // Screenshot object URLs are freed when replaced and when the page goes away.
  useEffect(() => () => screenshots.forEach((shot) => URL.revokeObjectURL(shot.url)), [screenshots]);
  // Leaving the page cancels a running upload.
  useEffect(() => () => running.current?.abort(), []);

  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  // The movie list may arrive after the file was chosen: the suggestion then matches it, unless the
  // visitor has typed a title of their own.
  useEffect(() => {
    if (video !== null) dispatch({ type: 'titleSuggested', title: titleFromFileName(video.name, movieNames) });
  }, [video, movieNames]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => uploading && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const timer = window.setTimeout(() => void navigate(paths.clip(phase.clipId)), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  async function choose(file: File): Promise<void> {
    if (limits === undefined || busy) return;
    dispatch({ type: 'fileChosen' });
    const problem = await checkVideo(file, limits);
    if (problem !== null) {
      dispatch({ type: 'fileRejected', problem });
      return;
    }
    dispatch({ type: 'fileAccepted', video: file, title: titleFromFileName(file.name, movieNames) });
    try {
      dispatch({ type: 'screenshotsMade', screenshots: await services.captureScreenshots(file) });
    } catch (error) {
      if (!(error instanceof ScreenshotError)) console.error('Screenshot capture failed', error);
      dispatch({
        type: 'screenshotsFailed',
        problem: error instanceof ScreenshotError ? error.message : 'No screenshots could be made from this video.',
      });
    }
  }

  async function submit(): Promise<void> {
    if (!canSubmit || !titleCheck.success) return;
    dispatch({ type: 'uploadStarted' });
    const upload = services.startUpload({ title: titleCheck.data, video, screenshot: screenshot.blob }, (percent) =>
      dispatch({ type: 'uploadProgressed', percent }),
    );
    running.current = upload;
    try {
      const clip = await upload.done;
      dispatch({ type: 'uploaded', clipId: clip.docID });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      dispatch({ type: 'uploadFailed', message: errorMessage(error, 'The upload failed. Please try again.') });
    } finally {
      running.current = null;
    }
  }

  return {
    state,
    busy,
    canSubmit,
    titleCheck,
    matchesMovie,
    choose,
    submit,
    setTitle: (title: string) => dispatch({ type: 'titleTyped', title }),
    pickScreenshot: (index: number) => dispatch({ type: 'screenshotPicked', index }),
    /** The "Leave this page?" question while an upload runs. */
    leaving: {
      asked: blocker.state === 'blocked',
      stay: () => blocker.reset?.(),
      leaveAndCancel: () => {
        running.current?.abort();
        blocker.proceed?.();
      },
    },
  };
}

export type Upload = ReturnType<typeof useUpload>;
