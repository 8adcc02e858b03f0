import {
  fitParticles,
  frameDue,
  scaleParticles,
  selectGrabLines,
  selectLinks,
  stepParticles,
  type Area,
  type Particle,
  type Point,
} from '../../domain/particle-field';
import { particleSettingsFor, type ParticleSettings } from '../../domain/particle-settings';

/**
 * The particle background's loop and drawing, the same in the worker (on an OffscreenCanvas) and
 * in the main-thread fallback (on the canvas itself). See docs/decisions/140-particles-renderer.md.
 */

/** The viewport in CSS pixels and the device's pixel ratio. */
export type ParticlesView = { readonly width: number; readonly height: number; readonly pixelRatio: number };

/** What the page tells a running background; the worker receives these as messages. */
export type ParticlesControls = {
  resize(view: ParticlesView): void;
  /** The pointer in viewport CSS pixels, or null once it left the page. */
  pointer(point: Point | null): void;
  /** Hidden page: no frames at all until it shows again. */
  setHidden(hidden: boolean): void;
  /** Reduced motion: one still frame, redrawn only when the size changes. */
  setReducedMotion(reduced: boolean): void;
  stop(): void;
};

/** The drawing calls used, shared by CanvasRenderingContext2D and OffscreenCanvasRenderingContext2D. */
export type ParticlesContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'fillRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'arc'
  | 'rect'
  | 'fill'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'globalAlpha'
>;

export type ParticlesSurface = {
  readonly context: ParticlesContext;
  /** Sets the bitmap's size in device pixels. */
  resize(width: number, height: number): void;
};

/** Asks for `callback` at the next frame; the returned function cancels that. */
export type FrameScheduler = (callback: (now: number) => void) => () => void;

export type ParticlesStart = {
  surface: ParticlesSurface;
  /** The parsed particles.json, or null when it could not be loaded. */
  options: unknown;
  view: ParticlesView;
  hidden: boolean;
  reducedMotion: boolean;
  scheduler: FrameScheduler;
  random: () => number;
  /** Told the number of frames drawn: after the first, then at most every half second. */
  onFrames(frames: number): void;
};

/** A pause longer than this (a busy main thread, a slow machine) is not replayed as one jump. */
const MAX_STEP_MS = 100;
const FRAMES_REPORT_MS = 500;
const SQUARE_HALF_SIDE = Math.SQRT1_2;

/** requestAnimationFrame where there is one (windows, and workers in Chromium and Firefox). */
export function animationFrameScheduler(): FrameScheduler {
  if (typeof requestAnimationFrame === 'function') {
    return (callback) => {
      const handle = requestAnimationFrame(callback);
      return () => cancelAnimationFrame(handle);
    };
  }
  return (callback) => {
    const handle = setTimeout(() => callback(performance.now()), 16);
    return () => clearTimeout(handle);
  };
}

function draw(
  context: ParticlesContext,
  settings: ParticleSettings,
  view: ParticlesView,
  ratio: number,
  particles: readonly Particle[],
  pointer: Point | null,
): void {
  const area: Area = view;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, view.width * ratio, view.height * ratio);
  context.globalAlpha = 1;
  if (settings.background !== 'transparent') {
    context.fillStyle = settings.background;
    context.fillRect(0, 0, view.width * ratio, view.height * ratio);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);

  context.lineWidth = settings.links.width;
  context.strokeStyle = settings.links.color;
  for (const link of selectLinks(particles, settings, area)) {
    context.globalAlpha = link.opacity;
    context.beginPath();
    context.moveTo(link.from.x, link.from.y);
    context.lineTo(link.to.x, link.to.y);
    context.stroke();
  }
  if (pointer !== null) {
    context.strokeStyle = settings.grab.color ?? settings.links.color;
    for (const line of selectGrabLines(particles, settings, pointer)) {
      context.globalAlpha = line.opacity;
      context.beginPath();
      context.moveTo(line.from.x, line.from.y);
      context.lineTo(pointer.x, pointer.y);
      context.stroke();
    }
  }
  for (const particle of particles) {
    context.globalAlpha = particle.opacity;
    context.fillStyle = particle.color;
    context.beginPath();
    if (particle.shape === 'square') {
      // tsparticles' square fits inside the circle of the particle's radius.
      const half = particle.radius * SQUARE_HALF_SIDE;
      context.rect(particle.x - half, particle.y - half, half * 2, half * 2);
    } else {
      context.arc(particle.x, particle.y, particle.radius, 0, 2 * Math.PI);
    }
    context.fill();
  }
  context.globalAlpha = 1;
}

/** Starts the background on `surface`; everything after that goes through the returned controls. */
export function startParticlesAnimation(start: ParticlesStart): ParticlesControls {
  const { surface, options, scheduler, random, onFrames } = start;
  let view = start.view;
  let settings = particleSettingsFor(options, view.width);
  let ratio = 1;
  let particles: Particle[] = [];
  let pointer: Point | null = null;
  let hidden = start.hidden;
  let reducedMotion = start.reducedMotion;
  let stopped = false;
  let cancelFrame: (() => void) | undefined;
  let lastFrameAt: number | undefined;
  let frames = 0;
  let lastReportAt = Number.NEGATIVE_INFINITY;

  const applyView = (next: ParticlesView) => {
    const nextSettings = particleSettingsFor(options, next.width);
    const lookChanged = JSON.stringify(nextSettings) !== JSON.stringify(settings);
    const scaled = lookChanged ? [] : scaleParticles(particles, view, next);
    settings = nextSettings;
    view = next;
    ratio = settings.detectRetina ? next.pixelRatio : 1;
    surface.resize(Math.max(1, Math.round(next.width * ratio)), Math.max(1, Math.round(next.height * ratio)));
    particles = fitParticles(scaled, settings, view, random);
  };

  const render = (now: number) => {
    draw(surface.context, settings, view, ratio, particles, reducedMotion ? null : pointer);
    frames += 1;
    if (frames === 1 || now - lastReportAt >= FRAMES_REPORT_MS) {
      lastReportAt = now;
      onFrames(frames);
    }
  };

  const tick = (now: number) => {
    cancelFrame = undefined;
    if (stopped || hidden || reducedMotion) return;
    if (lastFrameAt === undefined) {
      lastFrameAt = now;
      render(now);
    } else if (frameDue(now - lastFrameAt, settings.fpsLimit)) {
      if (settings.move.enable) particles = stepParticles(particles, view, Math.min(now - lastFrameAt, MAX_STEP_MS), random);
      lastFrameAt = now;
      render(now);
    }
    cancelFrame = scheduler(tick);
  };

  /** Runs the loop, or draws the one still frame, as the current state asks. */
  const resume = () => {
    if (stopped || hidden || cancelFrame !== undefined) return;
    if (reducedMotion) {
      render(performance.now());
      return;
    }
    lastFrameAt = undefined;
    cancelFrame = scheduler(tick);
  };

  const pause = () => {
    cancelFrame?.();
    cancelFrame = undefined;
  };

  applyView(view);
  resume();

  return {
    resize(next) {
      if (stopped || !settings.resize) return;
      applyView(next);
      if (reducedMotion) resume();
    },
    pointer(point) {
      pointer = point;
    },
    setHidden(next) {
      hidden = next;
      if (hidden) pause();
      else resume();
    },
    setReducedMotion(next) {
      reducedMotion = next;
      pause();
      resume();
    },
    stop() {
      stopped = true;
      pause();
    },
  };
}
