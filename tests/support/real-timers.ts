import { afterAll, expect, vi } from 'vitest';

// The server project runs its files one after the other in one worker (isolate: false), so a
// timer faked by one file and not put back would be the timer of every later file's app: the mail
// worker's interval never fired, and a retry test failed far from its cause. Each file ends with
// the real timers; one that left them faked is named on stderr.

type Timers = Pick<
  typeof globalThis,
  'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'setImmediate' | 'clearImmediate' | 'Date'
>;
const REAL = Symbol.for('mingo.test.realTimers');
const store = globalThis as typeof globalThis & { [REAL]?: Timers };
const isNative = (fn: unknown) =>
  typeof fn === 'function' && /\{\s*\[native code\]\s*\}$|^function (set|clear)(Timeout|Interval|Immediate)\(/.test(String(fn));
// Kept once per worker, from a moment no test has faked anything.
if (store[REAL] === undefined && isNative(globalThis.setInterval) && isNative(globalThis.setTimeout)) {
  const { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, Date } = globalThis;
  store[REAL] = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate, Date };
}

afterAll(() => {
  vi.useRealTimers();
  const real = store[REAL];
  if (real === undefined) return;
  const leaked = (Object.keys(real) as (keyof Timers)[]).filter((name) => globalThis[name] !== real[name]);
  if (leaked.length === 0) return;
  console.error(`[real-timers] ${expect.getState().testPath ?? 'a test file'} left ${leaked.join(', ')} faked; put back`);
  Object.assign(globalThis, real);
});
