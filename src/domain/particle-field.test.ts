import { describe, expect, it } from 'vitest';
import {
  createParticle,
  fitParticles,
  frameDue,
  particleCount,
  scaleParticles,
  selectGrabLines,
  selectLinks,
  stepParticles,
  type Particle,
} from './particle-field';
import { DEFAULT_PARTICLE_SETTINGS, parseParticleSettings, type ParticleSettings } from './particle-settings';
import { mulberry32 } from './rng';

const settings = DEFAULT_PARTICLE_SETTINGS;
const desktop = { width: 1280, height: 900 };

function particle(x: number, y: number, more: Partial<Particle> = {}): Particle {
  return { x, y, vx: 0, vy: 0, radius: 2, opacity: 0.3, color: '#f43f5e', shape: 'circle', ...more };
}

function withSettings(options: object): ParticleSettings {
  return parseParticleSettings(options);
}

describe('particle field: how many', () => {
  it('scales the count by the area against the density area (1920 × 1080), like tsparticles', () => {
    expect(particleCount(settings, { width: 1920, height: 1080 })).toBe(60);
    expect(particleCount(settings, desktop)).toBe(33); // 60 × 0.556
    expect(particleCount(settings, { width: 390, height: 844 })).toBe(10); // 60 × 0.159
    expect(particleCount(settings, { width: 3840, height: 2160 })).toBe(240);
  });

  it('uses the number as it is when density is off', () => {
    expect(particleCount(withSettings({ particles: { number: { value: 12, density: { enable: false } } } }), desktop)).toBe(12);
  });

  it('adds particles when the window grows and drops the newest when it shrinks', () => {
    const rng = mulberry32(1);
    const start = fitParticles([], settings, desktop, rng);
    expect(start).toHaveLength(33);
    const bigger = fitParticles(start, settings, { width: 1920, height: 1080 }, rng);
    expect(bigger).toHaveLength(60);
    expect(bigger.slice(0, 33)).toEqual(start);
    expect(fitParticles(bigger, settings, { width: 390, height: 844 }, rng)).toEqual(start.slice(0, 10));
  });
});

describe('particle field: a new particle', () => {
  it('lies in the area with a colour, shape, size and opacity from the settings, moving at the set speed', () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 200; i += 1) {
      const p = createParticle(settings, desktop, rng);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThan(desktop.width);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThan(desktop.height);
      expect(settings.colors).toContain(p.color);
      expect(settings.shapes).toContain(p.shape);
      expect(p.radius).toBeGreaterThanOrEqual(1);
      expect(p.radius).toBeLessThanOrEqual(4);
      expect(p.opacity).toBeGreaterThanOrEqual(0.15);
      expect(p.opacity).toBeLessThanOrEqual(0.45);
      // speed 0.8: 0.4 px per 60-fps frame, 24 px a second.
      expect(Math.hypot(p.vx, p.vy) * 1000).toBeCloseTo(24, 6);
    }
  });

  it('uses every colour and both shapes', () => {
    const rng = mulberry32(3);
    const made = Array.from({ length: 300 }, () => createParticle(settings, desktop, rng));
    expect(new Set(made.map((p) => p.color))).toEqual(new Set(settings.colors));
    expect(new Set(made.map((p) => p.shape))).toEqual(new Set(['circle', 'square']));
  });

  it('stands still when moving is off', () => {
    const p = createParticle(withSettings({ particles: { move: { enable: false } } }), desktop, mulberry32(2));
    expect(Math.hypot(p.vx, p.vy)).toBe(0);
  });
});

describe('particle field: moving', () => {
  it('moves every particle along its velocity for the elapsed time', () => {
    const [moved] = stepParticles([particle(100, 100, { vx: 0.024, vy: -0.012 })], desktop, 500, mulberry32(1));
    expect(moved).toMatchObject({ x: 112, y: 94 });
  });

  it('brings a particle that has left one edge back at the opposite edge', () => {
    const rng = mulberry32(4);
    const [right] = stepParticles([particle(1281, 300, { vx: 0.1 })], desktop, 20, rng);
    expect(right?.x).toBe(-2);
    const [left] = stepParticles([particle(-1, 300, { vx: -0.1 })], desktop, 20, rng);
    expect(left?.x).toBe(1282);
    const [bottom] = stepParticles([particle(600, 901, { vy: 0.1 })], desktop, 20, rng);
    expect(bottom?.y).toBe(-2);
    const [top] = stepParticles([particle(600, -1, { vy: -0.1 })], desktop, 20, rng);
    expect(top?.y).toBe(902);
    for (const p of [right, left, bottom, top]) {
      expect(p?.x).toBeGreaterThanOrEqual(-2);
      expect(p?.x).toBeLessThanOrEqual(1282);
      expect(p?.y).toBeGreaterThanOrEqual(-2);
      expect(p?.y).toBeLessThanOrEqual(902);
    }
  });

  it('keeps a particle that is only partly past the edge where it is', () => {
    const [edge] = stepParticles([particle(1281, 300, { vx: 0 })], desktop, 16, mulberry32(1));
    expect(edge?.x).toBe(1281);
  });

  it('keeps particles at the same relative place when the window is resized', () => {
    expect(scaleParticles([particle(640, 450)], desktop, { width: 390, height: 844 })).toEqual([particle(195, 844 / 2)]);
  });
});

describe('particle field: links and grab lines', () => {
  it('links each close pair once, fading with distance', () => {
    const a = particle(100, 100);
    const b = particle(170, 100); // 70 px: half the 140 px distance
    const c = particle(100, 240); // 140 px from a: at the distance, fully faded
    const far = particle(600, 600);
    const links = selectLinks([a, b, c, far], settings, desktop);
    expect(links).toHaveLength(2);
    expect(links[0]).toEqual({ from: a, to: b, opacity: 0.125 });
    expect(links[1]).toMatchObject({ from: a, to: c, opacity: 0 });
  });

  it('does not link particles that are off the canvas, nor when links are off', () => {
    expect(selectLinks([particle(-1, 100), particle(10, 100)], settings, desktop)).toEqual([]);
    expect(
      selectLinks([particle(100, 100), particle(110, 100)], withSettings({ particles: { links: { enable: false } } }), desktop),
    ).toEqual([]);
  });

  it('draws grab lines from particles near the pointer, stronger when closer', () => {
    const near = particle(100, 100);
    const mid = particle(180, 100);
    const far = particle(400, 100);
    const lines = selectGrabLines([near, mid, far], settings, { x: 100, y: 100 });
    expect(lines).toEqual([
      { from: near, opacity: 0.5 },
      { from: mid, opacity: 0.25 },
    ]);
    expect(selectGrabLines([near], settings, null)).toEqual([]);
    const noHover = withSettings({ interactivity: { events: { onHover: { enable: false } } } });
    expect(selectGrabLines([near], noHover, { x: 100, y: 100 })).toEqual([]);
  });
});

describe('particle field: frame pacing', () => {
  it('draws every display frame at 60 fps and every other one at 30 fps on a 60 Hz display', () => {
    expect(frameDue(16.6, 60)).toBe(true);
    expect(frameDue(16.6, 30)).toBe(false);
    expect(frameDue(33.3, 30)).toBe(true);
    expect(frameDue(8.3, 60)).toBe(false);
  });
});

describe('particle field: at the edges', () => {
  const half = () => 0.5;

  it('places a new particle where the source says, heading where it says', () => {
    const still = createParticle(settings, desktop, half);
    expect(still).toMatchObject({ x: 640, y: 450 });
    // Half a turn: straight to the left.
    expect(still.vx).toBeLessThan(0);
    expect(still.vy).toBeCloseTo(0);
  });

  it('brings a particle back halfway along the opposite edge, and only once it is wholly past', () => {
    const step = (p: Particle) => stepParticles([p], desktop, 0, half)[0];
    expect(step(particle(1283, 300))).toMatchObject({ x: -2, y: 450 });
    expect(step(particle(-3, 300))).toMatchObject({ x: 1282, y: 450 });
    expect(step(particle(600, 903))).toMatchObject({ x: 640, y: -2 });
    expect(step(particle(600, -3))).toMatchObject({ x: 640, y: 902 });
    // Exactly touching the edge from outside: still drawn where it is.
    for (const touching of [particle(1282, 300), particle(-2, 300), particle(600, 902), particle(600, -2)]) {
      expect(step(touching)).toEqual(touching);
    }
  });

  it('adds whole particles when the window grows', () => {
    const grown = fitParticles([], settings, desktop, mulberry32(2));
    expect(grown).toHaveLength(33);
    for (const p of grown) expect(p).toMatchObject({ x: expect.any(Number), radius: expect.any(Number) });
  });

  it('leaves particles where they are when the old area had no size', () => {
    const p = particle(10, 20);
    expect(scaleParticles([p], { width: 0, height: 900 }, desktop)).toEqual([p]);
    expect(scaleParticles([p], { width: 1280, height: 0 }, desktop)).toEqual([p]);
  });

  it('links particles on the very edge of the canvas, not those just off it', () => {
    const corner = selectLinks([particle(0, 0), particle(0, 10)], settings, desktop);
    expect(corner).toHaveLength(1);
    expect(selectLinks([particle(1280, 900), particle(1270, 900)], settings, desktop)).toHaveLength(1);
    for (const off of [particle(100, -1), particle(1281, 100), particle(100, 901)]) {
      expect(selectLinks([off, particle(100, 100), particle(1275, 100)], settings, desktop)).toHaveLength(0);
    }
  });

  it('draws no links at distance 0 or opacity 0, even between particles on one spot', () => {
    const pair = [particle(100, 100), particle(100, 100)];
    expect(selectLinks(pair, withSettings({ particles: { links: { distance: 0 } } }), desktop)).toEqual([]);
    expect(selectLinks(pair, withSettings({ particles: { links: { opacity: 0 } } }), desktop)).toEqual([]);
  });

  it('draws no grab line at the grab distance or with a grab distance of 0', () => {
    expect(selectGrabLines([particle(260, 100)], settings, { x: 100, y: 100 })).toEqual([]);
    const none = withSettings({ interactivity: { modes: { grab: { distance: 0 } } } });
    expect(selectGrabLines([particle(100, 100)], none, { x: 100, y: 100 })).toEqual([]);
  });

  it('draws a frame that is due exactly on time', () => {
    expect(frameDue((1000 / 60) * 0.8, 60)).toBe(true);
  });
});
