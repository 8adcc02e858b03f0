import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../domain/rng';
import {
  startParticlesAnimation,
  type FrameScheduler,
  type ParticlesContext,
  type ParticlesStart,
  type ParticlesView,
} from './particles-animation';

const shipped: unknown = JSON.parse(readFileSync('public/assets/particles.json', 'utf8'));
const desktop: ParticlesView = { width: 1280, height: 900, pixelRatio: 2 };
const phone: ParticlesView = { width: 390, height: 844, pixelRatio: 3 };

/** A 2D context that counts what was drawn per frame (a frame starts with clearRect). */
function drawingRecorder() {
  const frames: { particles: number; lines: number; colors: Set<string> }[] = [];
  const current = () => frames[frames.length - 1];
  let fillStyle = '';
  const context: ParticlesContext = {
    get fillStyle() {
      return fillStyle;
    },
    set fillStyle(value) {
      fillStyle = String(value);
    },
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    setTransform: () => undefined,
    clearRect: () => frames.push({ particles: 0, lines: 0, colors: new Set() }),
    fillRect: () => undefined,
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    arc: () => undefined,
    rect: () => undefined,
    stroke: () => {
      const frame = current();
      if (frame !== undefined) frame.lines += 1;
    },
    fill: () => {
      const frame = current();
      if (frame === undefined) return;
      frame.particles += 1;
      frame.colors.add(fillStyle);
    },
  };
  const sizes: [number, number][] = [];
  return { frames, sizes, surface: { context, resize: (width: number, height: number) => sizes.push([width, height]) } };
}

/** Animation frames on demand: `tick(ms)` runs the pending callback that many ms after the last. */
function manualFrames() {
  let pending: ((now: number) => void) | undefined;
  let now = 1000;
  const scheduler: FrameScheduler = (callback) => {
    pending = callback;
    return () => {
      if (pending === callback) pending = undefined;
    };
  };
  return {
    scheduler,
    get waiting() {
      return pending !== undefined;
    },
    tick(ms = 16.7) {
      now += ms;
      const callback = pending;
      pending = undefined;
      callback?.(now);
    },
  };
}

function start(overrides: Partial<ParticlesStart> = {}) {
  const recorder = drawingRecorder();
  const frames = manualFrames();
  const reported: number[] = [];
  const controls = startParticlesAnimation({
    surface: recorder.surface,
    options: shipped,
    view: desktop,
    hidden: false,
    reducedMotion: false,
    scheduler: frames.scheduler,
    random: mulberry32(11),
    onFrames: (count) => reported.push(count),
    ...overrides,
  });
  return { recorder, frames, reported, controls };
}

describe('the particle background with the shipped particles.json', () => {
  it('sizes the canvas for the pixel ratio and draws the density’s particles in the configured colours, with links', () => {
    const { recorder, frames, reported } = start();
    expect(recorder.sizes).toEqual([[2560, 1800]]);
    frames.tick();
    const [first] = recorder.frames;
    expect(first?.particles).toBe(33);
    expect(first?.lines).toBeGreaterThan(0);
    for (const color of first?.colors ?? []) expect(['#f43f5e', '#f59e0b', '#10b981', '#0ea5e9', '#8b5cf6']).toContain(color);
    expect(reported).toEqual([1]);
  });

  it('keeps drawing, frame after frame, and reports the count about twice a second', () => {
    const { recorder, frames, reported } = start();
    for (let i = 0; i < 60; i += 1) frames.tick();
    expect(recorder.frames).toHaveLength(60);
    expect(reported.length).toBeGreaterThanOrEqual(2);
    expect(reported.at(-1)).toBeGreaterThan(1);
  });

  it('draws 30 frames a second on a phone (the responsive override), with the phone’s density', () => {
    const { recorder, frames } = start({ view: phone });
    expect(recorder.sizes).toEqual([[1170, 2532]]);
    for (let i = 0; i < 60; i += 1) frames.tick();
    expect(recorder.frames.length).toBeGreaterThanOrEqual(29);
    expect(recorder.frames.length).toBeLessThanOrEqual(31);
    expect(recorder.frames[0]?.particles).toBe(10);
  });

  it('follows a resize: a new canvas size and the new size’s particle count', () => {
    const { recorder, frames, controls } = start();
    frames.tick();
    controls.resize({ width: 1920, height: 1080, pixelRatio: 1 });
    frames.tick();
    expect(recorder.sizes.at(-1)).toEqual([1920, 1080]);
    expect(recorder.frames.at(-1)?.particles).toBe(60);
  });

  it('adds grab lines while the pointer is near particles', () => {
    const { recorder, frames, controls } = start({ options: { particles: { links: { enable: false }, number: { value: 400 } } } });
    frames.tick();
    expect(recorder.frames.at(-1)?.lines).toBe(0);
    controls.pointer({ x: 640, y: 450 });
    frames.tick();
    expect(recorder.frames.at(-1)?.lines).toBeGreaterThan(0);
    controls.pointer(null);
    frames.tick();
    expect(recorder.frames.at(-1)?.lines).toBe(0);
  });
});

describe('the particle background without a configuration', () => {
  it('still starts, with MINGO’s usual particles', () => {
    const { recorder, frames } = start({ options: null });
    frames.tick();
    frames.tick();
    expect(recorder.frames).toHaveLength(2);
    expect(recorder.frames[0]?.particles).toBe(33);
  });
});

describe('the particle background and the page', () => {
  it('draws one still frame when motion is reduced, and animates once that preference goes', () => {
    const { recorder, frames, reported, controls } = start({ reducedMotion: true });
    expect(recorder.frames).toHaveLength(1);
    expect(frames.waiting).toBe(false);
    expect(reported).toEqual([1]);
    controls.resize({ width: 1000, height: 800, pixelRatio: 1 });
    expect(recorder.frames).toHaveLength(2);
    controls.setReducedMotion(false);
    frames.tick();
    frames.tick();
    expect(recorder.frames).toHaveLength(4);
  });

  it('draws nothing while the page is hidden and resumes when it shows', () => {
    const { recorder, frames, controls } = start({ hidden: true });
    expect(frames.waiting).toBe(false);
    controls.setHidden(false);
    frames.tick();
    expect(recorder.frames).toHaveLength(1);
    controls.setHidden(true);
    expect(frames.waiting).toBe(false);
    controls.setHidden(false);
    frames.tick();
    expect(recorder.frames).toHaveLength(2);
  });

  it('stops for good', () => {
    const { recorder, frames, controls } = start();
    frames.tick();
    controls.stop();
    expect(frames.waiting).toBe(false);
    controls.setHidden(false);
    frames.tick();
    expect(recorder.frames).toHaveLength(1);
  });
});
