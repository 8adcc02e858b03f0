import type { ParticleSettings, ParticleShape, Range } from './particle-settings';
import { randomInt, type Rng } from './rng';

/**
 * The particle background's motion and geometry, in CSS pixels and milliseconds (the renderer scales
 * the canvas for the device's pixel ratio). The behaviour follows tsparticles for the options MINGO
 * uses: a density-scaled count, straight moves in random directions, particles that leave one edge
 * come back at the opposite one, links fading with distance, and grab lines to the pointer.
 */

export type Point = { readonly x: number; readonly y: number };
export type Area = { readonly width: number; readonly height: number };

export type Particle = {
  readonly x: number;
  readonly y: number;
  /** Velocity in CSS pixels per millisecond. */
  readonly vx: number;
  readonly vy: number;
  readonly radius: number;
  readonly opacity: number;
  readonly color: string;
  readonly shape: ParticleShape;
};

export type Link = { readonly from: Particle; readonly to: Particle; readonly opacity: number };
export type GrabLine = { readonly from: Particle; readonly opacity: number };

/** tsparticles moves a particle `speed / 2` pixels per frame at 60 fps: 0.03 px per ms per unit. */
const PX_PER_MS_PER_SPEED = 0.5 * (60 / 1000);
/** A frame may come this much early and still count (displays do not tick exactly on time). */
const FRAME_TOLERANCE = 0.8;

function between(range: Range, rng: Rng): number {
  return range.min + (range.max - range.min) * rng();
}

function pick<T>(list: readonly T[], rng: Rng, fallback: T): T {
  return list[randomInt(rng, list.length)] ?? fallback;
}

/** How many particles fill `area`: `number.value` per density area (1920 × 1080 by default), rounded. */
export function particleCount(settings: ParticleSettings, area: Area): number {
  const { value, density } = settings.number;
  if (!density.enable) return value;
  return Math.round((value * area.width * area.height) / (density.width * density.height));
}

/** A new particle somewhere in `area`, heading in a random direction. */
export function createParticle(settings: ParticleSettings, area: Area, rng: Rng): Particle {
  const x = rng() * area.width;
  const y = rng() * area.height;
  const angle = rng() * 2 * Math.PI;
  const speed = settings.move.enable ? between(settings.move.speed, rng) * PX_PER_MS_PER_SPEED : 0;
  return {
    x,
    y,
    vx: Math.cos(angle) * speed,
    vy: Math.sin(angle) * speed,
    radius: between(settings.size, rng),
    opacity: between(settings.opacity, rng),
    color: pick(settings.colors, rng, '#ffffff'),
    shape: pick(settings.shapes, rng, 'circle'),
  };
}

/** Adds or removes particles (the newest go first) so `area` holds the count its size asks for. */
export function fitParticles(particles: readonly Particle[], settings: ParticleSettings, area: Area, rng: Rng): Particle[] {
  const wanted = particleCount(settings, area);
  if (particles.length >= wanted) return particles.slice(0, wanted);
  const added = Array.from({ length: wanted - particles.length }, () => createParticle(settings, area, rng));
  return [...particles, ...added];
}

/** Keeps every particle at the same relative place when the area changes size. */
export function scaleParticles(particles: readonly Particle[], from: Area, to: Area): Particle[] {
  if (from.width <= 0 || from.height <= 0) return [...particles];
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return particles.map((particle) => ({ ...particle, x: particle.x * sx, y: particle.y * sy }));
}

/**
 * Out mode `out`: once a particle is wholly past an edge it comes back just outside the opposite
 * edge, at a random place along it.
 */
function wrap(particle: Particle, area: Area, rng: Rng): Particle {
  const { x, y, radius } = particle;
  if (x - radius > area.width) return { ...particle, x: -radius, y: rng() * area.height };
  if (x + radius < 0) return { ...particle, x: area.width + radius, y: rng() * area.height };
  if (y - radius > area.height) return { ...particle, x: rng() * area.width, y: -radius };
  if (y + radius < 0) return { ...particle, x: rng() * area.width, y: area.height + radius };
  return particle;
}

/** The particles `elapsedMs` later. */
export function stepParticles(particles: readonly Particle[], area: Area, elapsedMs: number, rng: Rng): Particle[] {
  return particles.map((particle) =>
    wrap({ ...particle, x: particle.x + particle.vx * elapsedMs, y: particle.y + particle.vy * elapsedMs }, area, rng),
  );
}

function inside(particle: Particle, area: Area): boolean {
  return particle.x >= 0 && particle.y >= 0 && particle.x <= area.width && particle.y <= area.height;
}

/**
 * Every pair of particles on the canvas closer than `links.distance`, each once, with the line's
 * opacity fading linearly from `links.opacity` (touching) to 0 (at the distance).
 */
export function selectLinks(particles: readonly Particle[], settings: ParticleSettings, area: Area): Link[] {
  const { enable, distance, opacity } = settings.links;
  if (!enable || distance <= 0 || opacity <= 0) return [];
  const visible = particles.filter((particle) => inside(particle, area));
  const links: Link[] = [];
  for (let i = 0; i < visible.length; i += 1) {
    const from = visible[i];
    if (from === undefined) continue;
    for (let j = i + 1; j < visible.length; j += 1) {
      const to = visible[j];
      if (to === undefined) continue;
      const apart = Math.hypot(to.x - from.x, to.y - from.y);
      if (apart <= distance) links.push({ from, to, opacity: (1 - apart / distance) * opacity });
    }
  }
  return links;
}

/** Hover mode `grab`: a line from every particle within `grab.distance` of the pointer to it. */
export function selectGrabLines(particles: readonly Particle[], settings: ParticleSettings, pointer: Point | null): GrabLine[] {
  const { enable, distance, opacity } = settings.grab;
  if (!enable || pointer === null || distance <= 0) return [];
  const lines: GrabLine[] = [];
  for (const particle of particles) {
    const apart = Math.hypot(particle.x - pointer.x, particle.y - pointer.y);
    const lineOpacity = opacity * (1 - apart / distance);
    if (lineOpacity > 0) lines.push({ from: particle, opacity: lineOpacity });
  }
  return lines;
}

/** Whether a frame `elapsedMs` after the last drawn one is due under `fpsLimit`. */
export function frameDue(elapsedMs: number, fpsLimit: number): boolean {
  return elapsedMs >= (1000 / fpsLimit) * FRAME_TOLERANCE;
}
