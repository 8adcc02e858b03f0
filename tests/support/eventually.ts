/**
 * The bound of a vi.waitFor for something that happens on its own (a database notice, a background
 * job, a server closing): long enough for a loaded 2-core machine. A passing test waits only as long
 * as the thing takes; vi.waitFor's default bound (1 s) would be a hidden "within 1 s" assertion.
 */
export const EVENTUALLY = { timeout: 20_000, interval: 20 } as const;
