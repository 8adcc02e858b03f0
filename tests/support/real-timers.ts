import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

// The server project runs its files one after the other in one worker (isolate: false), so a
// timer faked by one file and not put back would be the timer of every later file's app: the mail
// worker's interval never fired, and a retry test failed far from its cause (CI, stop 28). The
// real timers are checked, named on stderr if found faked, and put back:
// - after each test that leaves vitest's fake timers off (a test that fakes them across several
//   tests keeps them);
// - before each file, in case the previous file's work went on after it ended;
// - when each file ends.

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

function putBack(where: string): void {
  const real = store[REAL];
  if (real === undefined) return;
  const leaked = (Object.keys(real) as (keyof Timers)[]).filter((name) => globalThis[name] !== real[name]);
  if (leaked.length === 0) return;
  console.error(`[real-timers] ${where} left ${leaked.join(', ')} faked; put back`);
  Object.assign(globalThis, real);
}

const testPath = () => expect.getState().testPath ?? 'a test file';

beforeAll(() => {
  if (!vi.isFakeTimers()) putBack(`something before ${testPath()}`);
});

afterEach(() => {
  if (!vi.isFakeTimers()) putBack(`${testPath()} > ${expect.getState().currentTestName ?? 'a test'}`);
});

afterAll(() => {
  vi.useRealTimers();
  putBack(testPath());
});
