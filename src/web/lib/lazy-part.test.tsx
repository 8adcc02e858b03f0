import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, ONLINE_RETRY_PAUSES_MS, type PartUnavailableProps } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Unavailable({ name, retry, online }: { name: string } & PartUnavailableProps) {
  if (!online) return <p>{name} needs a connection</p>;
  return (
    <button type="button" onClick={retry}>
      {name}: not loaded, try again
    </button>
  );
}

/** A loader that fails its first `failures` calls (a dropped connection), then loads. */
function flakyLoader(failures: number) {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(Greeting);
  });
  return load;
}

function renderPart(load: ReturnType<typeof flakyLoader>) {
  const Part = lazyPart(load, Unavailable);
  render(
    <Suspense fallback={<p>Loading</p>}>
      <p>The rest of the page</p>
      <Part name="Ada" />
    </Suspense>,
  );
}

const NOT_LOADED = 'Ada: not loaded, try again';

/**
 * Renders a part whose first `failures` loads fail, once it stands in after the first and listens
 * to the connection. The stand-in subscribes in an effect, which React may run a moment after the
 * stand-in shows (on a busy machine, after `findByRole` returns): an event dispatched before then
 * would reach no one.
 */
async function failedToLoad(failures: number) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const addListener = vi.spyOn(window, 'addEventListener');
  const load = flakyLoader(failures);
  renderPart(load);
  await screen.findByRole('button', { name: NOT_LOADED });
  await vi.waitFor(() => expect(addListener).toHaveBeenCalledWith('offline', expect.any(Function)));
  return load;
}

/** The browser's `online` event. */
function comeBackOnline() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** The browser's `offline` event, with navigator.onLine false until the returned restore. */
function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  return () => onLine.mockRestore();
}

describe('lazyPart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the part once its code has loaded', async () => {
    const load = flakyLoader(0);
    renderPart(load);
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stands in for a part whose code failed to load, in place, with its props, and loads it again on retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = flakyLoader(1);
    renderPart(load);
    const retry = await screen.findByRole('button', { name: 'Ada: not loaded, try again' });
    expect(screen.getByText('The rest of the page')).toBeDefined();
    expect(console.warn).toHaveBeenCalledWith('A part of the page could not be loaded', expect.any(TypeError));
    fireEvent.click(retry);
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads it again when the browser comes back online, and only then', async () => {
    const load = await failedToLoad(1);
    // No loop: a failed part waits for the visitor or the connection.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);
    comeBackOnline();
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('after coming back online, tries again after short pauses while the connection is not yet carrying requests, waiting in the meantime', async () => {
    const load = await failedToLoad(3);
    comeBackOnline();
    // The part waits, as on its first load, instead of standing in again between the tries.
    expect(await screen.findByText('Loading')).toBeDefined();
    expect(screen.queryByRole('button', { name: NOT_LOADED })).toBeNull();
    expect(await screen.findByText('Hello Ada', {}, { timeout: 5_000 })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(4);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('stands in again once every try after coming back online has failed; a try made while the browser is offline is not repeated', async () => {
    const load = await failedToLoad(100);
    comeBackOnline();
    await screen.findByRole('button', { name: NOT_LOADED }, { timeout: 5_000 });
    expect(load).toHaveBeenCalledTimes(1 + 1 + ONLINE_RETRY_PAUSES_MS.length);

    // The connection drops again as the next `online` comes: its one try fails, and no pauses follow.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    comeBackOnline();
    await screen.findByText('Ada needs a connection');
    await act(() => new Promise((resolve) => setTimeout(resolve, (ONLINE_RETRY_PAUSES_MS[0] ?? 0) * 2)));
    expect(load).toHaveBeenCalledTimes(1 + 1 + ONLINE_RETRY_PAUSES_MS.length + 1);
    onLine.mockRestore();
  });

  it("tells the stand-in whether the browser is online, and as `online` comes the part waits for its try instead of showing the stand-in's error", async () => {
    const load = await failedToLoad(2);
    const restore = goOffline();
    expect(screen.getByText('Ada needs a connection')).toBeDefined();
    restore();
    comeBackOnline();
    expect(screen.queryByRole('button', { name: NOT_LOADED })).toBeNull();
    expect(await screen.findByText('Hello Ada', {}, { timeout: 5_000 })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stands in again when the retry fails too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = flakyLoader(2);
    renderPart(load);
    fireEvent.click(await screen.findByRole('button', { name: 'Ada: not loaded, try again' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Ada: not loaded, try again' }));
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
