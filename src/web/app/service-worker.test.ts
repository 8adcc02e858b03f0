import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for workbox-window's Workbox: `register` fails while `failing` says so. */
function fakeWorkbox(failing: { now: boolean }) {
  const made: FakeWorkbox[] = [];
  class FakeWorkbox {
    listeners = new Map<string, () => void>();
    register = vi.fn(async () => {
      if (failing.now) throw new TypeError('Failed to register a ServiceWorker: An unknown error occurred when fetching the script.');
    });
    update = vi.fn(async () => undefined);
    messageSkipWaiting = vi.fn();
    constructor(
      readonly url: string,
      readonly options: unknown,
    ) {
      made.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
  }
  return { made, load: vi.fn(async () => ({ Workbox: FakeWorkbox }) as never) };
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    vi.resetModules();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js once per page; a failed registration can be made again', async () => {
    const { registerServiceWorker } = await import('./service-worker');
    const failing = { now: true };
    const { made, load } = fakeWorkbox(failing);
    const onWaiting = vi.fn();

    await expect(registerServiceWorker(onWaiting, load)).rejects.toThrow('Failed to register a ServiceWorker');
    failing.now = false;
    await registerServiceWorker(onWaiting, load);
    expect(made).toHaveLength(2);
    expect(made[1]).toMatchObject({ url: '/sw.js', options: { scope: '/' } });
    expect(made[1]?.register).toHaveBeenCalledTimes(1);

    // Registered: later calls do nothing.
    await registerServiceWorker(onWaiting, load);
    expect(made).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offers a waiting worker: accepting it tells the worker to take over and reloads once it does', async () => {
    const { registerServiceWorker } = await import('./service-worker');
    const { made, load } = fakeWorkbox({ now: false });
    const onWaiting = vi.fn();
    await registerServiceWorker(onWaiting, load);
    const [workbox] = made;
    if (workbox === undefined) throw new Error('no Workbox was made');
    workbox.listeners.get('waiting')?.();
    expect(onWaiting).toHaveBeenCalledTimes(1);
    const [accept] = onWaiting.mock.calls[0] as [() => void];
    accept();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(workbox.listeners.has('controlling')).toBe(true);
  });

  it('does nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const { registerServiceWorker } = await import('./service-worker');
    const { load } = fakeWorkbox({ now: false });
    await registerServiceWorker(vi.fn(), load);
    expect(load).not.toHaveBeenCalled();
  });
});
