import { useState } from 'react';
import { boardSummary, type BoardImageFormat } from '../../../domain/board-image';
import type { Year } from '../../../domain/boards';
import { encodeShareCode } from '../../../domain/share-code';
import { sharePaths } from '../../../shared/page-meta';
import type { Movie } from '../../../shared/content';
import { Modal } from '../../components/modal';
import { boardPng, downloadBlob } from './board-png';

type ShareBoardDialogProps = {
  year: Year;
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

/**
 * Share one year's board: a link that encodes the year and marks (read-only for whoever opens it),
 * the board as an image (1200×630 or square) to download, and the Web Share API with the image
 * attached where the browser can share files.
 */
export function ShareBoardDialog({ year, board, seen, onClose }: ShareBoardDialogProps) {
  const [status, setStatus] = useState('');
  const code = encodeShareCode(year, seen);
  const link = new URL(sharePaths.page(code), window.location.origin).href;
  const summary = boardSummary(year, seen);
  const canShare = typeof navigator.share === 'function';

  const image = (format: BoardImageFormat) =>
    boardPng({ year, names: board.map((movie) => movie.name), seen, format, footer: window.location.host });
  const fileName = (format: BoardImageFormat) => `mingo-${year}-${code}${format === 'square' ? '-square' : ''}.png`;

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

  const share = () =>
    run(async () => {
      const file = new File([await image('square')], fileName('square'), { type: 'image/png' });
      const withFile = { title: `MINGO ${summary}`, url: link, files: [file] };
      await navigator.share(navigator.canShare?.(withFile) === true ? withFile : { title: `MINGO ${summary}`, url: link });
      return 'Shared.';
    });

  return (
    <Modal name="shareBoard" title={`Share your ${year} board`} open onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="font-semibold">{summary}</p>
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
          <p className="text-sm text-slate-600 dark:text-slate-300">Whoever opens it sees this board read-only; their own marks stay theirs.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canShare && (
            <button type="button" className="btn-primary" onClick={share}>
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
