import { useState } from 'react';
import { BOARD_IMAGE_SIZES, boardImageSvg, boardSummary, type BoardImageFormat } from '../../../domain/board-image';
import { encodeShareCode } from '../../../domain/share-code';
import { sharePaths } from '../../../shared/page-meta';
import type { Movie } from '../../../shared/content';
import { Modal } from '../../components/modal';
import { boardPng } from './board-png';
import { downloadBlob } from '../../lib/download';
import { usePngFile } from './use-png-file';

type ShareBoardDialogProps = {
  year: number;
  board: readonly Movie[];
  seen: readonly boolean[];
  onClose: () => void;
};

async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator.clipboard?.writeText !== 'function') return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Clipboard API refused', error);
    return false;
  }
}

type PreviewState = 'loading' | 'loaded' | 'failed';

/**
 * The picture the link shows where it is posted (the server's image for the link, the same
 * address as its `og:image`): reserved at the image's proportions so nothing moves when it
 * arrives, a calm placeholder until then, and a sentence instead of a broken image if it fails.
 */
function SharePreview({ url, summary }: { url: string; summary: string }) {
  const [outcome, setOutcome] = useState<{ url: string; state: PreviewState }>();
  // An outcome belongs to the address it was for: a changed board starts loading again.
  const state: PreviewState = outcome?.url === url ? outcome.state : 'loading';
  const { width, height } = BOARD_IMAGE_SIZES.wide;
  return (
    <figure className="flex flex-col gap-1">
      <div className="share-preview" style={{ aspectRatio: `${width} / ${height}` }}>
        {state !== 'loaded' && (
          <p className="share-preview-note" data-testid="share-preview-note">
            {state === 'loading' ? 'Loading the preview…' : 'The preview could not be loaded. The link and the images still work.'}
          </p>
        )}
        <img
          src={url}
          width={width}
          height={height}
          alt={`The image the link shows: MINGO ${summary}`}
          decoding="async"
          className={state === 'loaded' ? 'share-preview-image' : 'share-preview-image invisible'}
          onLoad={() => setOutcome({ url, state: 'loaded' })}
          onError={() => setOutcome({ url, state: 'failed' })}
        />
      </div>
      <figcaption className="text-sm text-slate-600 dark:text-slate-300">How the link looks where it is posted.</figcaption>
    </figure>
  );
}

/**
 * Share one year's board: a link that encodes the year and marks (read-only for whoever opens it),
 * the board as an image (1200×630 or square) to download, and the Web Share API with the image
 * attached where the browser can share files. The square image for sharing is drawn when the
 * dialog opens: Safari attaches files only while the click's user gesture lasts, and drawing
 * after the click would outlast it.
 */
export function ShareBoardDialog({ year, board, seen, onClose }: ShareBoardDialogProps) {
  const [status, setStatus] = useState('');
  const code = encodeShareCode(year, seen);
  const link = new URL(sharePaths.page(code), window.location.origin).href;
  const summary = boardSummary(year, seen);
  const canShare = typeof navigator.share === 'function';

  const imageInput = (format: BoardImageFormat) => ({
    year,
    names: board.map((movie) => movie.name),
    seen,
    format,
    footer: window.location.host,
  });
  const image = (format: BoardImageFormat) => boardPng(imageInput(format));
  const fileName = (format: BoardImageFormat) => `mingo-${year}-${code}${format === 'square' ? '-square' : ''}.png`;
  const previewUrl = sharePaths.image(code);
  const shareImage = usePngFile(canShare ? boardImageSvg(imageInput('square')) : undefined, 'square', fileName('square'));

  const run = (action: () => Promise<string>) => {
    action().then(setStatus, (error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('Sharing failed', error);
      setStatus('Sorry, that did not work. Copy the link instead.');
    });
  };

  const download = (format: BoardImageFormat) =>
    run(async () => {
      downloadBlob(await image(format), fileName(format));
      return 'Image downloaded.';
    });

  // Nothing is awaited before navigator.share: it must run within the click's user gesture.
  const share = () =>
    run(() => {
      const data = { title: `MINGO ${summary}`, url: link };
      const withFile = shareImage.file === undefined ? undefined : { ...data, files: [shareImage.file] };
      return navigator.share(withFile !== undefined && navigator.canShare?.(withFile) === true ? withFile : data).then(() => 'Shared.');
    });

  return (
    <Modal name="shareBoard" title={`Share your ${year} board`} open onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="font-semibold">{summary}</p>
        <SharePreview url={previewUrl} summary={summary} />
        <div className="flex flex-col gap-1">
          <label htmlFor="share-link" className="text-sm font-semibold">
            Share link
          </label>
          <div className="flex gap-2">
            <input id="share-link" readOnly value={link} className="input min-w-0 flex-1" onFocus={(event) => event.target.select()} />
            <button
              type="button"
              className="btn-secondary"
              onClick={() => run(async () => ((await copyToClipboard(link)) ? 'Link copied.' : 'Select the link and copy it.'))}
            >
              Copy link
            </button>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Whoever opens it sees this board read-only; their own marks stay theirs.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canShare && (
            <button type="button" className="btn-primary" onClick={share} disabled={!shareImage.ready}>
              Share…
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => download('wide')}>
            Download image
          </button>
          <button type="button" className="btn-secondary" onClick={() => download('square')}>
            Download square image
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm">
          {status}
        </p>
      </div>
    </Modal>
  );
}
