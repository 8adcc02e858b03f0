/** A random source returning numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/** Small seeded generator for deterministic tests and replays; not for security. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer in [0, exclusiveMax), tolerant of a source that misbehaves at the edges. */
export function randomInt(rng: Rng, exclusiveMax: number): number {
  const value = Math.floor(rng() * exclusiveMax);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, exclusiveMax - 1);
}
