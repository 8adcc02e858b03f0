import { useId, useMemo, useState, type DragEvent } from 'react';
import { CLIP_TITLE_MAX, type UploadLimits } from '../../../shared/clips';
import { FREE_SPACE_NAME } from '../../../domain/boards';
import { formatMegabytes } from '../../../domain/format';
import { Icon } from '../../../ui/icon';
import { Modal } from '../../components/modal';
import { useAllMovies } from '../../lib/boards-store';
import { useUpload, type Upload } from './use-upload';
import { useUploadLimits } from './use-upload-limits';

type UploadViewProps = {
  upload: Upload;
  limits: UploadLimits | undefined;
  limitsFailed: boolean;
  movieNames: readonly string[];
};

/** The upload form: what `useUpload` holds, drawn (the only state of its own is the drop zone's highlight). */
export function UploadView({ upload, limits, limitsFailed, movieNames }: UploadViewProps) {
  const [dragging, setDragging] = useState(false);
  const ids = { file: useId(), title: useId(), titleHelp: useId(), movies: useId() };
  const { state, busy, canSubmit, titleCheck, matchesMovie, choose, leaving } = upload;
  const { video, fileProblem, screenshots, chosen, title, phase: status } = state;
  const preparing = status.kind === 'preparing';

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined) void choose(file);
  };

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="page-title">Upload a clip</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void upload.submit();
        }}
        className="card flex flex-col gap-5 p-5"
        aria-busy={busy}
      >
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
                    onChange={() => upload.pickScreenshot(index)}
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
            onChange={(event) => upload.setTitle(event.target.value)}
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

      <Modal name="leaveUpload" title="Leave this page?" open={leaving.asked} onClose={leaving.stay}>
        <p className="mb-5">Your clip is still uploading. Leaving now cancels the upload.</p>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={leaving.stay}>
            Stay
          </button>
          <button type="button" className="btn-primary" onClick={leaving.leaveAndCancel}>
            Leave and cancel
          </button>
        </div>
      </Modal>
    </section>
  );
}

/** /upload: staff upload a clip (the workflow lives in use-upload.ts). */
export function UploadPage() {
  const { data: limits, isError: limitsFailed } = useUploadLimits();
  const { movies } = useAllMovies();
  const movieNames = useMemo(() => movies.map((movie) => movie.name).filter((name) => name !== FREE_SPACE_NAME), [movies]);
  const upload = useUpload({ limits, movieNames });
  return <UploadView upload={upload} limits={limits} limitsFailed={limitsFailed} movieNames={movieNames} />;
}

export { UploadPage as Component };
