import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { ClipTitleSchema, CLIP_TITLE_MAX, type UploadLimits } from '../../../shared/clips';
import { FREE_SPACE_NAME } from '../../../domain/boards';
import { formatMegabytes } from '../../../domain/format';
import { SNIFF_BYTES, sniffVideo } from '../../../shared/media-sniff';
import { paths } from '../../lib/paths';
import { Icon } from '../../components/icon';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/api-client';
import { useMovieList } from '../../lib/movie-list';
import { captureScreenshots, ScreenshotError, type Screenshot } from './capture-screenshots';
import { titleFromFileName } from './title-from-file';
import { startClipUpload, type RunningUpload } from './upload-clip';
import { useUploadLimits } from './use-upload-limits';

const REDIRECT_DELAY_MS = 1000;

type Status =
  { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done'; clipId: string } | { kind: 'failed'; message: string };

/** The same checks as the server, made before sending: content type by the first bytes, then size. */
async function checkVideo(file: File, limits: UploadLimits): Promise<string | null> {
  if (file.size === 0) return 'This file is empty.';
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (sniffVideo(head) === null) return 'Only MP4 and WebM videos can be uploaded.';
  if (file.size > limits.maxClipBytes) {
    return `This video is ${formatMegabytes(file.size)}; the limit is ${formatMegabytes(limits.maxClipBytes)}.`;
  }
  return null;
}

export function UploadPage() {
  const navigate = useNavigate();
  const { data: limits, isError: limitsFailed } = useUploadLimits();
  const { movies } = useMovieList();
  const movieNames = useMemo(() => movies.map((movie) => movie.name).filter((name) => name !== FREE_SPACE_NAME), [movies]);

  const [video, setVideo] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [screenshots, setScreenshots] = useState<Screenshot[]>([]);
  const [chosen, setChosen] = useState(0);
  const [title, setTitle] = useState('');
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const upload = useRef<RunningUpload | null>(null);
  const ids = { file: useId(), title: useId(), titleHelp: useId(), movies: useId() };

  const uploading = status.kind === 'uploading';
  const busy = uploading || status.kind === 'done' || preparing;

  // Screenshot object URLs are freed when replaced and when the page goes away.
  useEffect(() => () => screenshots.forEach((shot) => URL.revokeObjectURL(shot.url)), [screenshots]);
  // Leaving the page cancels a running upload.
  useEffect(() => () => upload.current?.abort(), []);

  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => uploading && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (status.kind !== 'done') return;
    const timer = window.setTimeout(() => void navigate(paths.clip(status.clipId)), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  async function choose(file: File) {
    if (limits === undefined || busy) return;
    setStatus({ kind: 'idle' });
    setVideo(null);
    setScreenshots([]);
    const problem = await checkVideo(file, limits);
    setFileProblem(problem);
    if (problem !== null) return;
    setVideo(file);
    setTitle(titleFromFileName(file.name, movieNames));
    setPreparing(true);
    try {
      setScreenshots(await captureScreenshots(file));
      setChosen(0);
    } catch (error) {
      setVideo(null);
      setFileProblem(error instanceof ScreenshotError ? error.message : 'No screenshots could be made from this video.');
      if (!(error instanceof ScreenshotError)) console.error('Screenshot capture failed', error);
    } finally {
      setPreparing(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) void choose(file);
  };

  const titleCheck = ClipTitleSchema.safeParse(title);
  const screenshot = screenshots[chosen];
  const canSubmit = video !== null && screenshot !== undefined && titleCheck.success && !busy;
  const matchesMovie = titleCheck.success && movieNames.includes(titleCheck.data);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || !titleCheck.success) return;
    setStatus({ kind: 'uploading', percent: 0 });
    const running = startClipUpload({ title: titleCheck.data, video, screenshot: screenshot.blob }, (percent) =>
      setStatus((current) => (current.kind === 'uploading' ? { kind: 'uploading', percent } : current)),
    );
    upload.current = running;
    try {
      const clip = await running.done;
      setStatus({ kind: 'done', clipId: clip.docID });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message = errorMessage(error, 'The upload failed. Please try again.');
      setStatus({ kind: 'failed', message });
    } finally {
      upload.current = null;
    }
  };

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="page-title">Upload a clip</h1>
      <form onSubmit={(event) => void submit(event)} className="card flex flex-col gap-5 p-5" aria-busy={busy}>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition focus-within:ring-4 focus-within:ring-amber-400 ${
            dragging ? 'border-amber-400 bg-amber-400/10' : 'border-slate-300 dark:border-slate-600'
          }`}
        >
          <Icon name="cloud_upload" className="text-5xl text-amber-500" />
          <p className="font-semibold">Drop a video here, or</p>
          <label
            htmlFor={ids.file}
            className={`btn-primary ${busy || limits === undefined ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}
          >
            <Icon name="upload" /> Choose a video
          </label>
          <input
            id={ids.file}
            type="file"
            accept="video/mp4,video/webm,.mp4,.webm"
            className="sr-only"
            disabled={busy || limits === undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file !== undefined) void choose(file);
            }}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            MP4 or WebM{limits === undefined ? '' : `, up to ${formatMegabytes(limits.maxClipBytes)}`}. Keep it short and spoiler-free.
          </p>
          {video !== null && (
            <p className="text-sm font-semibold break-all">
              <Icon name="movie" /> {video.name} ({formatMegabytes(video.size)})
            </p>
          )}
        </div>
        {limitsFailed && (
          <p role="alert" className="alert-error">
            The upload limits could not be loaded. Please reload the page.
          </p>
        )}
        {fileProblem !== null && (
          <p role="alert" className="alert-error">
            {fileProblem}
          </p>
        )}
        {preparing && (
          <p role="status" className="alert-info">
            Making screenshots…
          </p>
        )}

        {screenshots.length > 0 && (
          <fieldset disabled={busy}>
            <legend className="mb-2 font-bold">Screenshot</legend>
            <div className="grid grid-cols-3 gap-3">
              {screenshots.map((shot, index) => (
                <label
                  key={shot.url}
                  className={`relative cursor-pointer overflow-hidden rounded-lg border-4 ${
                    index === chosen ? 'border-amber-400' : 'border-transparent opacity-75 hover:opacity-100'
                  }`}
                >
                  <input
                    type="radio"
                    name="screenshot"
                    className="sr-only"
                    checked={index === chosen}
                    onChange={() => setChosen(index)}
                    aria-label={`Screenshot ${index + 1} of ${screenshots.length}`}
                  />
                  <img src={shot.url} alt="" className="aspect-video w-full object-cover" />
                  {index === chosen && (
                    <span className="absolute top-1 right-1 rounded-full bg-amber-400 text-slate-950" data-testid="chosen-screenshot">
                      <Icon name="check_circle" />
                    </span>
                  )}
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <div className="flex flex-col gap-1">
          <label htmlFor={ids.title} className="font-bold">
            Title
          </label>
          <input
            id={ids.title}
            className="input"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            list={ids.movies}
            maxLength={CLIP_TITLE_MAX}
            required
            minLength={3}
            disabled={busy}
            aria-describedby={ids.titleHelp}
            aria-invalid={title !== '' && !titleCheck.success}
          />
          <datalist id={ids.movies}>
            {movieNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <p id={ids.titleHelp} className="text-sm text-slate-600 dark:text-slate-300">
            {title !== '' && !titleCheck.success
              ? titleCheck.error.issues[0]?.message
              : matchesMovie
                ? 'Matches a movie: the clip will show in its details.'
                : 'Use a movie’s exact name so the clip shows in that movie’s details.'}
          </p>
        </div>

        {status.kind === 'uploading' && (
          <div role="status" className="alert-info flex flex-col gap-2">
            <span>Uploading… {status.percent}%</span>
            <progress value={status.percent} max={100} aria-label="Upload progress" className="w-full accent-sky-500" />
          </div>
        )}
        {status.kind === 'done' && (
          <p role="status" className="alert-success">
            <Icon name="check_circle" /> Your clip was uploaded! Taking you to it…
          </p>
        )}
        {status.kind === 'failed' && (
          <p role="alert" className="alert-error">
            {status.message}
          </p>
        )}

        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={!canSubmit}>
            <Icon name="upload" /> Upload
          </button>
        </div>
      </form>

      <Modal name="leaveUpload" title="Leave this page?" open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
        <p className="mb-5">Your clip is still uploading. Leaving now cancels the upload.</p>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()}>
            Stay
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              upload.current?.abort();
              blocker.proceed?.();
            }}
          >
            Leave and cancel
          </button>
        </div>
      </Modal>
    </section>
  );
}

export { UploadPage as Component };
