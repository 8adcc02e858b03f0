import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadLimits } from '../../../shared/clips';
import { ApiError } from '../../lib/api-client';
import { clipWithId, fakeUploadServices, mp4File, threeScreenshots } from './upload-fakes';
import { UploadView } from './upload-page';
import { useUpload } from './use-upload';

const MIB = 1024 * 1024;
const LIMITS: UploadLimits = { maxClipBytes: 5 * MIB, maxScreenshotBytes: MIB, videoTypes: ['video/mp4'], screenshotTypes: ['image/jpeg'] };
const MOVIES = ['Sinners', 'Wicked'];

// jsdom has no object URLs (its modal dialogs: test/setup.ts).
beforeEach(() => {
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** The upload form on /upload as the route draws it (the hook and the view), with stand-ins for XHR and <canvas>. */
async function renderUploadPage(
  { limits, limitsFailed }: { limits: UploadLimits | undefined; limitsFailed: boolean } = { limits: LIMITS, limitsFailed: false },
) {
  const fakes = fakeUploadServices();
  function Page() {
    const upload = useUpload({ limits, movieNames: MOVIES, services: fakes.services });
    return <UploadView upload={upload} limits={limits} limitsFailed={limitsFailed} movieNames={MOVIES} />;
  }
  const router = createMemoryRouter(
    [
      { path: '/upload', element: <Page /> },
      { path: '/clip/:id', element: <h1>The clip page</h1> },
      { path: '/manage', element: <h1>Manage clips</h1> },
    ],
    { initialEntries: ['/upload'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Upload a clip' });
  return { ...fakes, router, user: userEvent.setup() };
}

const uploadButton = () => screen.getByRole('button', { name: 'Upload' });
// The label's text includes its icon's ligature name, which is aria-hidden.
const picker = () => screen.getByLabelText('Choose a video', { exact: false });
// A text box with suggestions (a datalist) is a combobox.
const titleBox = () => screen.getByRole('combobox', { name: 'Title' });

/** Picks a file through the picker and waits until its screenshots are being made. */
async function pick(page: Awaited<ReturnType<typeof renderUploadPage>>, file: File) {
  await page.user.upload(picker(), file);
  await screen.findByText('Making screenshots…');
}

describe('the upload page', () => {
  it('before anything is chosen: the limit, the title hint and a disabled Upload button', async () => {
    await renderUploadPage();
    expect(screen.getByText('MP4 or WebM, up to 5 MB. Keep it short and spoiler-free.')).toBeDefined();
    expect(screen.getByText('Use a movie’s exact name so the clip shows in that movie’s details.')).toBeDefined();
    expect(picker()).toHaveProperty('disabled', false);
    expect(uploadButton()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('cannot choose a file until the limits are known, and says so when they could not be loaded', async () => {
    await renderUploadPage({ limits: undefined, limitsFailed: true });
    expect(screen.getByText('MP4 or WebM. Keep it short and spoiler-free.')).toBeDefined();
    expect(picker()).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('The upload limits could not be loaded. Please reload the page.');
  });

  it('walks through a whole upload: screenshots, the suggested title, progress, success, then the clip', async () => {
    const page = await renderUploadPage();
    await pick(page, mp4File('sinners.mp4', 2 * MIB));
    expect(screen.getByText('sinners.mp4 (2 MB)')).toBeDefined();
    expect(titleBox()).toHaveProperty('value', 'Sinners');
    expect(titleBox()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('drop-zone').closest('form')?.getAttribute('aria-busy')).toBe('true');

    await act(async () => page.captures[0]?.settle.resolve(threeScreenshots()));
    expect(screen.queryByText('Making screenshots…')).toBeNull();
    const shots = within(screen.getByRole('group', { name: 'Screenshot' })).getAllByRole('radio');
    expect(shots.map((shot) => shot.getAttribute('aria-label'))).toEqual(['Screenshot 1 of 3', 'Screenshot 2 of 3', 'Screenshot 3 of 3']);
    expect(shots.map((shot) => (shot as HTMLInputElement).checked)).toEqual([true, false, false]);
    expect(screen.getByText('Matches a movie: the clip will show in its details.')).toBeDefined();
    await page.user.click(screen.getByRole('radio', { name: 'Screenshot 3 of 3' }));
    expect(screen.getByRole('radio', { name: 'Screenshot 3 of 3' })).toHaveProperty('checked', true);

    await page.user.click(uploadButton());
    const sent = page.uploads[0];
    expect(sent?.input.title).toBe('Sinners');
    expect(await sent?.input.screenshot.text()).toBe('jpeg shot 2');
    expect(screen.getByText('Uploading… 0%')).toBeDefined();
    act(() => sent?.progress(64));
    expect(screen.getByText('Uploading… 64%')).toBeDefined();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('64');
    expect(uploadButton()).toHaveProperty('disabled', true);

    await act(async () => sent?.succeed(clipWithId('new-clip')));
    expect(screen.getByText('Your clip was uploaded! Taking you to it…')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'The clip page' }, { timeout: 5_000 })).toBeDefined();
    expect(page.router.state.location.pathname).toBe('/clip/new-clip');
  });

  it('says why a chosen file cannot be uploaded, and keeps Upload disabled', async () => {
    const page = await renderUploadPage();
    await page.user.upload(picker(), new File(['just text'], 'movie.mp4', { type: 'video/mp4' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only MP4 and WebM videos can be uploaded.');
    await page.user.upload(picker(), mp4File('huge.mp4', 6 * MIB));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This video is 6 MB; the limit is 5 MB.'));
    expect(uploadButton()).toHaveProperty('disabled', true);
    expect(page.captures).toHaveLength(0);
  });

  it('takes a video dropped on the drop zone', async () => {
    const page = await renderUploadPage();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [mp4File('Wicked.webm')] } });
    await screen.findByText('Making screenshots…');
    expect(titleBox()).toHaveProperty('value', 'Wicked');
    expect(page.captures.map((capture) => capture.file.name)).toEqual(['Wicked.webm']);
  });

  it('explains a title that is too short, and accepts any title of 3 characters or more', async () => {
    const page = await renderUploadPage();
    await pick(page, mp4File('my_home-video.mp4'));
    await act(async () => page.captures[0]?.settle.resolve(threeScreenshots()));
    expect(titleBox()).toHaveProperty('value', 'my home video');
    expect(uploadButton()).toHaveProperty('disabled', false);
    await page.user.clear(titleBox());
    await page.user.type(titleBox(), 'ab');
    expect(screen.getByText('The title needs at least 3 characters.')).toBeDefined();
    expect(titleBox().getAttribute('aria-invalid')).toBe('true');
    expect(uploadButton()).toHaveProperty('disabled', true);
    await page.user.type(titleBox(), 'c');
    expect(titleBox().getAttribute('aria-invalid')).toBe('false');
    expect(uploadButton()).toHaveProperty('disabled', false);
  });

  it('shows a refused upload’s reason and lets the visitor try again', async () => {
    const page = await renderUploadPage();
    await pick(page, mp4File('sinners.mp4'));
    await act(async () => page.captures[0]?.settle.resolve(threeScreenshots()));
    await page.user.click(uploadButton());
    await act(async () =>
      page.uploads[0]?.fail(new ApiError(0, 'network_error', 'The upload failed: the connection was lost. Please try again.')),
    );
    expect(screen.getByRole('alert').textContent).toBe('The upload failed: the connection was lost. Please try again.');
    expect(uploadButton()).toHaveProperty('disabled', false);
    await page.user.click(uploadButton());
    expect(page.uploads).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks "Leave this page?" mid-upload: Stay keeps uploading, Leave and cancel stops it and leaves', async () => {
    const page = await renderUploadPage();
    await pick(page, mp4File('sinners.mp4'));
    await act(async () => page.captures[0]?.settle.resolve(threeScreenshots()));
    await page.user.click(uploadButton());

    await act(() => page.router.navigate('/manage'));
    const dialog = screen.getByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText('Your clip is still uploading. Leaving now cancels the upload.')).toBeDefined();
    await page.user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Uploading… 0%')).toBeDefined();

    await act(() => page.router.navigate('/manage'));
    await page.user.click(
      within(screen.getByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave and cancel' }),
    );
    expect(await screen.findByRole('heading', { name: 'Manage clips' })).toBeDefined();
    expect(page.uploads[0]?.aborted).toBe(true);
  });
});
