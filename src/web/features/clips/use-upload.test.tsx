import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadLimits } from '../../../shared/clips';
import { ApiError } from '../../lib/api-client';
import { ScreenshotError } from './capture-screenshots';
import { clipWithId, fakeUploadServices, mp4File, threeScreenshots } from './upload-fakes';
import {
  checkVideo,
  initialUploadState,
  REDIRECT_DELAY_MS,
  uploadReducer,
  useUpload,
  type Upload,
  type UploadEvent,
  type UploadState,
} from './use-upload';

const MIB = 1024 * 1024;
const limitsOf = (maxClipBytes: number): UploadLimits => ({
  maxClipBytes,
  maxScreenshotBytes: MIB,
  videoTypes: ['video/mp4', 'video/webm'],
  screenshotTypes: ['image/jpeg'],
});
const LIMITS = limitsOf(MIB);
const MOVIES = ['Sinners', 'Wicked'];

describe('uploadReducer', () => {
  const video = mp4File('sinners.mp4');
  const shots = threeScreenshots();
  const ready: UploadState = { ...initialUploadState, video, screenshots: shots, chosen: 2, title: 'Sinners' };
  const cases: { name: string; from: UploadState; event: UploadEvent; to: UploadState }[] = [
    {
      name: 'a newly chosen file drops the last video, its screenshots and outcome, but keeps the title and problem',
      from: { ...ready, fileProblem: 'old', phase: { kind: 'failed', message: 'x' } },
      event: { type: 'fileChosen' },
      to: { ...ready, video: null, screenshots: [], fileProblem: 'old', phase: { kind: 'idle' } },
    },
    {
      name: 'a refused file says why',
      from: initialUploadState,
      event: { type: 'fileRejected', problem: 'This file is empty.' },
      to: { ...initialUploadState, fileProblem: 'This file is empty.' },
    },
    {
      name: 'an accepted file clears the problem, suggests its title and makes screenshots',
      from: { ...initialUploadState, fileProblem: 'old', title: 'typed' },
      event: { type: 'fileAccepted', video, title: 'Sinners' },
      to: { ...initialUploadState, video, title: 'Sinners', titleFromFile: true, phase: { kind: 'preparing' } },
    },
    {
      name: 'a suggestion refines a title that came from the file name',
      from: { ...ready, title: 'sinners', titleFromFile: true },
      event: { type: 'titleSuggested', title: 'Sinners' },
      to: { ...ready, title: 'Sinners', titleFromFile: true },
    },
    {
      name: 'a suggestion never replaces a typed title',
      from: { ...ready, title: 'sinners', titleFromFile: false },
      event: { type: 'titleSuggested', title: 'Sinners' },
      to: { ...ready, title: 'sinners', titleFromFile: false },
    },
    {
      name: 'screenshots arrive with the first one chosen',
      from: { ...ready, screenshots: [], phase: { kind: 'preparing' } },
      event: { type: 'screenshotsMade', screenshots: shots },
      to: { ...ready, chosen: 0 },
    },
    {
      name: 'no screenshots: the video is dropped with the reason',
      from: { ...ready, screenshots: [], phase: { kind: 'preparing' } },
      event: { type: 'screenshotsFailed', problem: 'No picture.' },
      to: { ...ready, screenshots: [], video: null, fileProblem: 'No picture.' },
    },
    { name: 'another screenshot is picked', from: ready, event: { type: 'screenshotPicked', index: 1 }, to: { ...ready, chosen: 1 } },
    {
      name: 'the title is typed',
      from: { ...ready, titleFromFile: true },
      event: { type: 'titleTyped', title: 'Wicked' },
      to: { ...ready, title: 'Wicked', titleFromFile: false },
    },
    {
      name: 'the upload starts at 0 %',
      from: { ...ready, phase: { kind: 'failed', message: 'x' } },
      event: { type: 'uploadStarted' },
      to: { ...ready, phase: { kind: 'uploading', percent: 0 } },
    },
    {
      name: 'progress moves the percentage while uploading',
      from: { ...ready, phase: { kind: 'uploading', percent: 10 } },
      event: { type: 'uploadProgressed', percent: 55 },
      to: { ...ready, phase: { kind: 'uploading', percent: 55 } },
    },
    {
      name: 'late progress after the end changes nothing',
      from: { ...ready, phase: { kind: 'done', clipId: 'c1' } },
      event: { type: 'uploadProgressed', percent: 99 },
      to: { ...ready, phase: { kind: 'done', clipId: 'c1' } },
    },
    {
      name: 'the finished upload remembers the clip',
      from: { ...ready, phase: { kind: 'uploading', percent: 100 } },
      event: { type: 'uploaded', clipId: 'c1' },
      to: { ...ready, phase: { kind: 'done', clipId: 'c1' } },
    },
    {
      name: 'a failed upload says why',
      from: { ...ready, phase: { kind: 'uploading', percent: 30 } },
      event: { type: 'uploadFailed', message: 'Too big.' },
      to: { ...ready, phase: { kind: 'failed', message: 'Too big.' } },
    },
  ];
  it.each(cases)('$name', ({ from, event, to }) => {
    expect(uploadReducer(from, event)).toEqual(to);
  });
});

describe('checkVideo', () => {
  it.each([
    { name: 'an empty file', file: new File([], 'empty.mp4'), problem: 'This file is empty.' },
    {
      name: 'a file that is no video by its first bytes, whatever its name',
      file: new File(['not a video at all'], 'fake.mp4', { type: 'video/mp4' }),
      problem: 'Only MP4 and WebM videos can be uploaded.',
    },
    { name: 'a video over the limit', file: mp4File('big.mp4', 2.5 * MIB), problem: 'This video is 2.5 MB; the limit is 1 MB.' },
    { name: 'a video exactly at the limit', file: mp4File('ok.mp4', MIB), problem: null },
  ])('$name: $problem', async ({ file, problem }) => {
    expect(await checkVideo(file, limitsOf(MIB))).toBe(problem);
  });
});

/** Renders the hook on /upload inside a data router (the leave question needs one), with a clip page to go to. */
async function renderUpload(services = fakeUploadServices(), movies: { names: readonly string[] } = { names: MOVIES }) {
  const hook: { current: Upload | undefined } = { current: undefined };
  function Probe() {
    hook.current = useUpload({ limits: LIMITS, movieNames: movies.names, services: services.services });
    return <p>Upload page</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/upload', element: <Probe /> },
      { path: '/clip/:id', element: <p>Clip page</p> },
      { path: '/manage', element: <p>Manage page</p> },
    ],
    { initialEntries: ['/upload'] },
  );
  const view = render(<RouterProvider router={router} />);
  await screen.findByText('Upload page');
  const current = (): Upload => {
    if (hook.current === undefined) throw new Error('the hook has not rendered');
    return hook.current;
  };
  return { ...services, router, current, unmount: view.unmount };
}

type Rendered = Awaited<ReturnType<typeof renderUpload>>;

/** Chooses a video that passes the checks: resolves once its screenshots are being made. */
async function choose(upload: Rendered, file: File): Promise<void> {
  const captures = upload.captures.length;
  act(() => void upload.current().choose(file));
  await waitFor(() => expect(upload.captures).toHaveLength(captures + 1));
}

/** Chooses a video and lets its screenshots arrive: the state from which an upload can start. */
async function chooseWithScreenshots(upload: Rendered, file = mp4File('SINNERS.mp4')) {
  await choose(upload, file);
  expect(upload.current().state.phase).toEqual({ kind: 'preparing' });
  await act(async () => upload.captures.at(-1)?.settle.resolve(threeScreenshots(file.name)));
}

describe('useUpload', () => {
  const revoked: string[] = [];
  beforeEach(() => {
    revoked.length = 0;
    // jsdom has no object URLs; the hook frees each screenshot's URL.
    URL.revokeObjectURL = (url: string) => revoked.push(url);
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('checks the file, suggests the movie’s exact title, makes screenshots, and only then can submit', async () => {
    const upload = await renderUpload();
    expect(upload.current().canSubmit).toBe(false);
    await choose(upload, mp4File('SINNERS.mp4'));
    expect(upload.current().state.title).toBe('Sinners');
    expect(upload.current().matchesMovie).toBe(true);
    expect(upload.current().busy).toBe(true);
    expect(upload.current().canSubmit).toBe(false);
    expect(upload.captures.map((capture) => capture.file.name)).toEqual(['SINNERS.mp4']);

    await act(async () => upload.captures[0]?.settle.resolve(threeScreenshots()));
    expect(upload.current().state.screenshots).toHaveLength(3);
    expect(upload.current().busy).toBe(false);
    expect(upload.current().canSubmit).toBe(true);

    act(() => upload.current().setTitle('ab'));
    expect(upload.current().canSubmit).toBe(false);
    expect(upload.current().titleCheck.error?.issues[0]?.message).toBe('The title needs at least 3 characters.');
    act(() => upload.current().setTitle('My own title'));
    expect(upload.current().matchesMovie).toBe(false);
    expect(upload.current().canSubmit).toBe(true);
  });

  it('refines the suggested title when the movie list arrives after the file, never a typed one', async () => {
    const movies: { names: readonly string[] } = { names: [] };
    const upload = await renderUpload(fakeUploadServices(), movies);
    await choose(upload, mp4File('sinners.mp4'));
    expect(upload.current().state.title).toBe('sinners');
    movies.names = MOVIES;
    await act(() => upload.router.navigate('/upload?list=loaded'));
    expect(upload.current().state.title).toBe('Sinners');
    expect(upload.current().matchesMovie).toBe(true);

    act(() => upload.current().setTitle('wicked'));
    movies.names = [...MOVIES];
    await act(() => upload.router.navigate('/upload?list=again'));
    expect(upload.current().state.title).toBe('wicked');
  });

  it('refuses a file that is no video, or too big, without making screenshots', async () => {
    const upload = await renderUpload();
    await act(() => upload.current().choose(new File(['hello'], 'notes.webm')));
    expect(upload.current().state.fileProblem).toBe('Only MP4 and WebM videos can be uploaded.');
    await act(() => upload.current().choose(mp4File('long.mp4', 2 * MIB)));
    expect(upload.current().state.fileProblem).toBe('This video is 2 MB; the limit is 1 MB.');
    expect(upload.current().state.video).toBeNull();
    expect(upload.captures).toHaveLength(0);
  });

  it('drops the video when no screenshots can be made, with the reason or a general one', async () => {
    const upload = await renderUpload();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await choose(upload, mp4File('a.mp4'));
    await act(async () => upload.captures[0]?.settle.reject(new ScreenshotError('This file has no picture to make screenshots from.')));
    expect(upload.current().state).toMatchObject({ video: null, fileProblem: 'This file has no picture to make screenshots from.' });
    expect(error).not.toHaveBeenCalled();

    await choose(upload, mp4File('b.mp4'));
    await act(async () => upload.captures[1]?.settle.reject(new TypeError('decoder crashed')));
    expect(upload.current().state).toMatchObject({ video: null, fileProblem: 'No screenshots could be made from this video.' });
    expect(error).toHaveBeenCalledWith('Screenshot capture failed', expect.any(TypeError));
    error.mockRestore();
  });

  it('uploads the title, video and chosen screenshot with progress, then goes to the clip after a second', async () => {
    const upload = await renderUpload();
    const file = mp4File('wicked.mp4');
    await chooseWithScreenshots(upload, file);
    act(() => upload.current().pickScreenshot(1));
    vi.useFakeTimers();
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = upload.current().submit();
    });
    const [sent] = upload.uploads;
    expect(sent?.input).toEqual({ title: 'Wicked', video: file, screenshot: upload.current().state.screenshots[1]?.blob });
    expect(upload.current().state.phase).toEqual({ kind: 'uploading', percent: 0 });
    expect(upload.current().busy).toBe(true);
    act(() => sent?.progress(42));
    expect(upload.current().state.phase).toEqual({ kind: 'uploading', percent: 42 });

    await act(async () => {
      sent?.succeed(clipWithId('clip-7'));
      await finished;
    });
    expect(upload.current().state.phase).toEqual({ kind: 'done', clipId: 'clip-7' });
    expect(upload.current().canSubmit).toBe(false);
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS - 1);
    });
    expect(upload.router.state.location.pathname).toBe('/upload');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(upload.router.state.location.pathname).toBe('/clip/clip-7');
    expect(screen.getByText('Clip page')).toBeDefined();
  });

  it('shows the server’s message when the upload is refused, a general one for a server fault, and can try again', async () => {
    const upload = await renderUpload();
    await chooseWithScreenshots(upload);
    let finished: Promise<void> = Promise.resolve();
    act(() => {
      finished = upload.current().submit();
    });
    await act(async () => {
      upload.uploads[0]?.fail(new ApiError(413, 'payload_too_large', 'This video is too big.'));
      await finished;
    });
    expect(upload.current().state.phase).toEqual({ kind: 'failed', message: 'This video is too big.' });
    expect(upload.current().canSubmit).toBe(true);

    act(() => {
      finished = upload.current().submit();
    });
    await act(async () => {
      upload.uploads[1]?.fail(new ApiError(500, 'internal', 'stack trace'));
      await finished;
    });
    expect(upload.current().state.phase).toEqual({ kind: 'failed', message: 'The upload failed. Please try again.' });
  });

  it('asks before leaving mid-upload: Stay keeps it running, Leave and cancel aborts it and leaves', async () => {
    const upload = await renderUpload();
    await chooseWithScreenshots(upload);
    act(() => void upload.current().submit());
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(true);

    await act(() => upload.router.navigate('/manage'));
    expect(upload.current().leaving.asked).toBe(true);
    act(() => upload.current().leaving.stay());
    expect(upload.current().leaving.asked).toBe(false);
    expect(upload.router.state.location.pathname).toBe('/upload');
    expect(upload.uploads[0]?.aborted).toBe(false);

    await act(() => upload.router.navigate('/manage'));
    await act(async () => upload.current().leaving.leaveAndCancel());
    expect(upload.uploads[0]?.aborted).toBe(true);
    expect(upload.router.state.location.pathname).toBe('/manage');
    expect(screen.getByText('Manage page')).toBeDefined();
  });

  it('lets the visitor leave freely when nothing is uploading, and warns no more', async () => {
    const upload = await renderUpload();
    await chooseWithScreenshots(upload);
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(false);
    await act(() => upload.router.navigate('/manage'));
    expect(upload.router.state.location.pathname).toBe('/manage');
  });

  it('cancels a running upload when the page goes away, and frees the screenshots’ URLs when replaced or gone', async () => {
    const upload = await renderUpload();
    await chooseWithScreenshots(upload, mp4File('first.mp4'));
    expect(revoked).toEqual([]);
    await chooseWithScreenshots(upload, mp4File('second.mp4'));
    expect(revoked).toEqual(['blob:first.mp4-0', 'blob:first.mp4-1', 'blob:first.mp4-2']);
    act(() => void upload.current().submit());
    upload.unmount();
    expect(upload.uploads[0]?.aborted).toBe(true);
    expect(revoked.slice(3)).toEqual(['blob:second.mp4-0', 'blob:second.mp4-1', 'blob:second.mp4-2']);
  });

  it('ignores a new file while busy, and any file before the limits are known', async () => {
    const upload = await renderUpload();
    await choose(upload, mp4File('a.mp4'));
    await act(() => upload.current().choose(mp4File('b.mp4')));
    expect(upload.captures.map((capture) => capture.file.name)).toEqual(['a.mp4']);

    const hook: { current: Upload | undefined } = { current: undefined };
    const services = fakeUploadServices();
    function NoLimits() {
      hook.current = useUpload({ limits: undefined, movieNames: MOVIES, services: services.services });
      return <p>No limits yet</p>;
    }
    const router = createMemoryRouter([{ path: '/', element: <NoLimits /> }]);
    render(<RouterProvider router={router} />);
    await screen.findByText('No limits yet');
    await act(async () => hook.current?.choose(mp4File('c.mp4')));
    expect(hook.current?.state).toEqual(initialUploadState);
  });
});
