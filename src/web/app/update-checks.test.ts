import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleUpdateChecks, UPDATE_CHECK_INTERVAL_MS, UPDATE_CHECK_MIN_GAP_MS } from './update-checks';

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('scheduleUpdateChecks', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    setOnline(true);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    setOnline(true);
    setVisibility('visible');
  });

  it('asks for a new version when the visitor comes back to the tab, at most once a minute', () => {
    const check = vi.fn(() => Promise.resolve());
    stop = scheduleUpdateChecks(check);
    expect(check).not.toHaveBeenCalled();

    setVisibility('hidden');
    expect(check).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(check).toHaveBeenCalledTimes(1);

    setVisibility('hidden');
    setVisibility('visible');
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_MIN_GAP_MS);
    setVisibility('hidden');
    setVisibility('visible');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('asks every hour while the tab stays open, but not while offline', () => {
    const check = vi.fn(() => Promise.resolve());
    stop = scheduleUpdateChecks(check);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(1);
    setOnline(false);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(1);
    setOnline(true);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);

    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    setVisibility('visible');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('keeps checking after a check fails (a dropped connection)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const check = vi.fn(() => Promise.reject(new Error('network')));
    stop = scheduleUpdateChecks(check);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    warn.mockRestore();
  });
});
