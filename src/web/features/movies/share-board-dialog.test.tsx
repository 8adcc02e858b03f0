import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeShareCode } from '../../../domain/share-code';
import type { Movie } from '../../../shared/content';
import { ShareBoardDialog } from './share-board-dialog';

// jsdom has no modal dialogs, object URLs, image decoding or canvas. These stand-ins draw nothing:
// every "PNG" is a small blob whose bytes name the canvas size, so a test can tell the wide image
// from the square one. Whether the real drawing works is the browser test's job (share.spec.ts).
let canvasFails = false;
const objectUrls = new Map<string, Blob>();
beforeAll(() => {
  HTMLImageElement.prototype.decode = () => Promise.resolve();
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => ({ drawImage: () => undefined }) });
  HTMLCanvasElement.prototype.toBlob = function toBlob(this: HTMLCanvasElement, callback: BlobCallback, type?: string) {
    callback(canvasFails ? null : new Blob([`${this.width}x${this.height}`], { type }));
  };
});

type Downloaded = { fileName: string; bytes: string; type: string };
let downloads: Downloaded[] = [];
const pendingDownloads: Promise<void>[] = [];
// A download is a click on a link to an object URL with a file name; the browser would save it.
const onClick = (event: MouseEvent) => {
  const link = event.target;
  if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
  event.preventDefault();
  const blob = objectUrls.get(link.href);
  if (blob !== undefined)
    pendingDownloads.push(blob.text().then((bytes) => void downloads.push({ fileName: link.download, bytes, type: blob.type })));
};

let clipboard: string[] = [];
beforeEach(() => {
  canvasFails = false;
  downloads = [];
  clipboard = [];
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test-${++next}`;
    objectUrls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void objectUrls.delete(url);
  document.addEventListener('click', onClick);
});
afterEach(() => {
  document.removeEventListener('click', onClick);
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) Reflect.deleteProperty(URL, name);
  for (const name of ['share', 'canShare', 'clipboard'] as const) Reflect.deleteProperty(navigator, name);
});

/** Web Share as a browser may offer it: `share` records what it is given; `canShare` says whether files are accepted. */
function offerWebShare({ files, result = () => Promise.resolve() }: { files: boolean; result?: () => Promise<void> }) {
  const shared: ShareData[] = [];
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data: ShareData) => files || data.files === undefined });
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: (data: ShareData) => {
      shared.push(data);
      return result();
    },
  });
  return shared;
}

function offerClipboard(works: boolean) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) => {
        if (!works) return Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
        clipboard.push(text);
        return Promise.resolve();
      },
    },
  });
}

// A fictional 2024 board: 25 made-up titles, the first row (and the free centre) seen.
const BOARD: Movie[] = Array.from({ length: 25 }, (_, cell) => ({
  id: `2024-${cell}`,
  name: cell === 12 ? 'Free Space' : `Invented Film ${cell}`,
  year: 2024,
  description: '',
  imageURL: '',
  starDescriptionA: '',
  starRatingA: 0,
  starDescriptionB: '',
  starRatingB: 0,
  runtime: 0,
}));
const SEEN = Array.from({ length: 25 }, (_, cell) => cell < 5 || cell === 12);
const CODE = encodeShareCode(2024, SEEN);

function renderDialog({ clipboardWorks }: { clipboardWorks?: boolean } = {}) {
  const onClose = vi.fn();
  // user-event puts its own clipboard on navigator: ours goes on after it.
  const user = userEvent.setup();
  if (clipboardWorks !== undefined) offerClipboard(clipboardWorks);
  render(<ShareBoardDialog year={2024} board={BOARD} seen={SEEN} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Share your 2024 board' });
  return { dialog, onClose, user, status: () => within(dialog).getByRole('status').textContent };
}

describe('the Share board dialog', () => {
  it('gives a read-only link that encodes the year and marks, and copies it', async () => {
    const { dialog, user, status } = renderDialog({ clipboardWorks: true });
    expect(within(dialog).getByText('2024 · 5/24 · 1 line')).toBeDefined();
    const link = within(dialog).getByRole('textbox', { name: 'Share link' });
    expect(link).toHaveProperty('value', `${window.location.origin}/share/${CODE}`);
    expect(link).toHaveProperty('readOnly', true);
    expect(within(dialog).getByText('Whoever opens it sees this board read-only; their own marks stay theirs.')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(status()).toBe('Link copied.'));
    expect(clipboard).toEqual([`${window.location.origin}/share/${CODE}`]);
  });

  it('previews the image the link shows, its box reserved, with a note until it has loaded', () => {
    const { dialog } = renderDialog();
    const preview = within(dialog).getByRole('img', { name: 'The image the link shows: MINGO 2024 · 5/24 · 1 line' });
    // The same address the link's og:image names; width and height reserve its box before it loads.
    expect(preview.getAttribute('src')).toBe(`/share/${CODE}.png`);
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['1200', '630']);
    expect(within(dialog).getByTestId('share-preview-note').textContent).toBe('Loading the preview…');
    expect(preview.classList.contains('invisible')).toBe(true);
    fireEvent.load(preview);
    expect(within(dialog).queryByTestId('share-preview-note')).toBeNull();
    expect(preview.classList.contains('invisible')).toBe(false);
    expect(within(dialog).getByText('How the link looks where it is posted.')).toBeDefined();
  });

  it('says so, instead of a broken image, when the preview cannot be loaded', () => {
    const { dialog } = renderDialog();
    fireEvent.error(within(dialog).getByRole('img', { name: /^The image the link shows/ }));
    expect(within(dialog).getByTestId('share-preview-note').textContent).toBe(
      'The preview could not be loaded. The link and the images still work.',
    );
    expect(
      within(dialog)
        .getByRole('img', { name: /^The image the link shows/ })
        .classList.contains('invisible'),
    ).toBe(true);
  });

  it('asks the visitor to copy the link by hand when the clipboard refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { dialog, user, status } = renderDialog({ clipboardWorks: false });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(status()).toBe('Select the link and copy it.'));
    expect(warn).toHaveBeenCalledWith('Clipboard API refused', expect.any(DOMException));
    warn.mockRestore();
  });

  it('downloads the board as a wide and a square PNG named after the year and code', async () => {
    const { dialog, user, status } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download image' }));
    await waitFor(() => expect(status()).toBe('Image downloaded.'));
    await user.click(within(dialog).getByRole('button', { name: 'Download square image' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    await Promise.all(pendingDownloads);
    expect(downloads).toEqual([
      { fileName: `mingo-2024-${CODE}.png`, bytes: '1200x630', type: 'image/png' },
      { fileName: `mingo-2024-${CODE}-square.png`, bytes: '1080x1080', type: 'image/png' },
    ]);
  });

  it('says so when the image cannot be made', async () => {
    canvasFails = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog, user, status } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download image' }));
    await waitFor(() => expect(status()).toBe('Sorry, that did not work. Copy the link instead.'));
    expect(downloads).toEqual([]);
    expect(error).toHaveBeenCalledWith('Sharing failed', expect.any(Error));
    error.mockRestore();
  });

  it('offers no Share… button where the browser has no Web Share', () => {
    const { dialog } = renderDialog();
    expect(within(dialog).queryByRole('button', { name: 'Share…' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download image' })).toBeDefined();
  });

  it('shares the link with the square image attached where files can be shared', async () => {
    const shared = offerWebShare({ files: true });
    const { dialog, user, status } = renderDialog();
    const share = within(dialog).getByRole('button', { name: 'Share…' });
    // The square image is drawn as the dialog opens, so the click can attach it at once.
    await waitFor(() => expect(share).toHaveProperty('disabled', false));
    await user.click(share);
    await waitFor(() => expect(status()).toBe('Shared.'));
    expect(shared).toHaveLength(1);
    const [data] = shared;
    expect(data?.title).toBe('MINGO 2024 · 5/24 · 1 line');
    expect(data?.url).toBe(`${window.location.origin}/share/${CODE}`);
    expect(data?.files?.map((file) => [file.name, file.type])).toEqual([[`mingo-2024-${CODE}-square.png`, 'image/png']]);
    expect(await data?.files?.[0]?.text()).toBe('1080x1080');
  });

  it('shares only the link where files cannot be shared', async () => {
    const shared = offerWebShare({ files: false });
    const { dialog, user } = renderDialog();
    const share = within(dialog).getByRole('button', { name: 'Share…' });
    await waitFor(() => expect(share).toHaveProperty('disabled', false));
    await user.click(share);
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0]).toEqual({ title: 'MINGO 2024 · 5/24 · 1 line', url: `${window.location.origin}/share/${CODE}` });
  });

  it('shares the link alone when the image could not be drawn', async () => {
    canvasFails = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shared = offerWebShare({ files: true });
    const { dialog, user } = renderDialog();
    const share = within(dialog).getByRole('button', { name: 'Share…' });
    await waitFor(() => expect(share).toHaveProperty('disabled', false));
    expect(warn).toHaveBeenCalledWith('Could not draw the board image', expect.any(Error));
    await user.click(share);
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0]?.files).toBeUndefined();
    warn.mockRestore();
  });

  it('says nothing when the visitor closes the share sheet, and apologises when sharing fails', async () => {
    offerWebShare({ files: true, result: () => Promise.reject(new DOMException('Share canceled', 'AbortError')) });
    const first = renderDialog();
    const share = within(first.dialog).getByRole('button', { name: 'Share…' });
    await waitFor(() => expect(share).toHaveProperty('disabled', false));
    await first.user.click(share);
    // Nothing to wait for on an abort: a second, failing share shows its message after the first.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    offerWebShare({ files: true, result: () => Promise.reject(new TypeError('share failed')) });
    await first.user.click(share);
    await waitFor(() => expect(first.status()).toBe('Sorry, that did not work. Copy the link instead.'));
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('closes on its Close button', async () => {
    const { dialog, onClose, user } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
