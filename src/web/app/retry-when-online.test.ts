import { describe, expect, it, vi } from 'vitest';
import { retryWhenOnline } from './retry-when-online';

describe('retryWhenOnline', () => {
  it('tries again each time the browser is back online, until it succeeds, then no more', async () => {
    const outcomes = [new Error('offline'), new Error('still offline'), undefined];
    const attempt = vi.fn(() => {
      const error = outcomes.shift();
      return error === undefined ? Promise.resolve() : Promise.reject(error);
    });
    const onFailure = vi.fn();
    retryWhenOnline(attempt, onFailure);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(onFailure).toHaveBeenLastCalledWith(new Error('offline'));
    // Nothing is tried again before the browser says it is online.
    await Promise.resolve();
    expect(attempt).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(2));
    window.dispatchEvent(new Event('online'));
    expect(attempt).toHaveBeenCalledTimes(3);
    await Promise.resolve();

    // Succeeded: later connections try nothing, and one failure is one retry (not one per failure so far).
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(onFailure).toHaveBeenCalledTimes(2);
  });
});
