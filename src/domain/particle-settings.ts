/**
 * The particle background's settings, read from `public/assets/particles.json` (tsparticles' option
 * names, so the file stays familiar). Only the options MINGO uses are honoured:
 *
 * - `background.color.value`, `fpsLimit`, `detectRetina`
 * - `particles.number.value`, `particles.number.density.{enable,width,height}`
 * - `particles.color.value` (one CSS colour or a list), `particles.shape.type` (`circle`, `square`)
 * - `particles.opacity.value`, `particles.size.value` (a number or `{ min, max }`; size is the radius)
 * - `particles.links.{enable,distance,color,opacity,width}`
 * - `particles.move.{enable,speed}` with direction `none` and out mode `out` (the only ones drawn)
 * - `interactivity.events.onHover.{enable,mode}` (mode `grab`), `interactivity.events.resize`,
 *   `interactivity.modes.grab.{distance,links.opacity,links.color}`
 * - `responsive: [{ maxWidth, options }]`: the entry with the smallest `maxWidth` above the width
 *   is merged over the options.
 *
 * Anything else is ignored. A missing, mistyped or out-of-range value takes MINGO's own value (the
 * defaults below), so a missing file still gives the usual background.
 */

export type Range = { readonly min: number; readonly max: number };
export type ParticleShape = 'circle' | 'square';

export type ParticleSettings = {
  /** A CSS colour painted behind the particles; `transparent` paints nothing. */
  readonly background: string;
  readonly fpsLimit: number;
  readonly detectRetina: boolean;
  readonly number: {
    readonly value: number;
    readonly density: { readonly enable: boolean; readonly width: number; readonly height: number };
  };
  readonly colors: readonly string[];
  readonly shapes: readonly ParticleShape[];
  readonly opacity: Range;
  /** The radius in CSS pixels. */
  readonly size: Range;
  readonly links: {
    readonly enable: boolean;
    readonly distance: number;
    readonly color: string;
    readonly opacity: number;
    readonly width: number;
  };
  /** `speed` in tsparticles' unit: half a CSS pixel per 60-fps frame per unit. */
  readonly move: { readonly enable: boolean; readonly speed: Range };
  /** Lines from nearby particles to the pointer (hover mode `grab`). `color` null: the links' colour. */
  readonly grab: { readonly enable: boolean; readonly distance: number; readonly opacity: number; readonly color: string | null };
  /** Follow the window's size (density and canvas); off: the first size stays. */
  readonly resize: boolean;
};

export const DEFAULT_PARTICLE_SETTINGS: ParticleSettings = {
  background: 'transparent',
  fpsLimit: 60,
  detectRetina: true,
  number: { value: 60, density: { enable: true, width: 1920, height: 1080 } },
  colors: ['#f43f5e', '#f59e0b', '#10b981', '#0ea5e9', '#8b5cf6'],
  shapes: ['circle', 'square'],
  opacity: { min: 0.15, max: 0.45 },
  size: { min: 1, max: 4 },
  links: { enable: true, distance: 140, color: '#64748b', opacity: 0.25, width: 1 },
  move: { enable: true, speed: { min: 0.8, max: 0.8 } },
  grab: { enable: true, distance: 160, opacity: 0.5, color: null },
  resize: true,
};

/** Upper bounds that keep a mistaken file from freezing the animation. */
const MAX_PARTICLES = 500;
const MAX_FPS = 240;
const SHAPES: readonly ParticleShape[] = ['circle', 'square'];

type Options = Record<string, unknown>;

function isRecord(value: unknown): value is Options {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

function numberIn(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** `3` or `{ min: 1, max: 4 }` (either order) within [min, max]. */
function rangeIn(value: unknown, fallback: Range, min: number, max: number): Range {
  if (typeof value === 'number') {
    const single = numberIn(value, Number.NaN, min, max);
    return Number.isNaN(single) ? fallback : { min: single, max: single };
  }
  const low = numberIn(field(value, 'min'), Number.NaN, min, max);
  const high = numberIn(field(value, 'max'), Number.NaN, min, max);
  if (Number.isNaN(low) || Number.isNaN(high)) return fallback;
  return { min: Math.min(low, high), max: Math.max(low, high) };
}

function colorOr(value: unknown, fallback: string): string {
  const color = isRecord(value) ? value.value : value;
  return typeof color === 'string' && color.trim() !== '' ? color.trim() : fallback;
}

/** One colour or a list, bare or as `{ value }`. */
function colorListOr(value: unknown, fallback: readonly string[]): readonly string[] {
  const raw = isRecord(value) ? value.value : value;
  const list = (Array.isArray(raw) ? raw : [raw]).filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return list.length > 0 ? list.map((item) => item.trim()) : fallback;
}

function shapesOr(value: unknown, fallback: readonly ParticleShape[]): readonly ParticleShape[] {
  const list = Array.isArray(value) ? value : [value];
  const shapes = SHAPES.filter((shape) => list.includes(shape));
  return shapes.length > 0 ? shapes : fallback;
}

/** tsparticles accepts `mode: 'grab'` or a list of modes. */
function includesMode(value: unknown, mode: string): boolean {
  return value === mode || (Array.isArray(value) && value.includes(mode));
}

/** `resize: true` (tsparticles 2) or `resize: { enable }` (3 and later). */
function resizeOr(value: unknown, fallback: boolean): boolean {
  return booleanOr(isRecord(value) ? value.enable : value, fallback);
}

/** Reads a parsed particles.json (any JSON value) into complete settings; it never throws. */
export function parseParticleSettings(options: unknown): ParticleSettings {
  const d = DEFAULT_PARTICLE_SETTINGS;
  const particles = field(options, 'particles');
  const links = field(particles, 'links');
  const hover = field(options, 'interactivity', 'events', 'onHover');
  const grab = field(options, 'interactivity', 'modes', 'grab');
  const grabColor = colorOr(field(grab, 'links', 'color'), '');
  return {
    background: colorOr(field(options, 'background', 'color'), d.background),
    fpsLimit: numberIn(field(options, 'fpsLimit'), d.fpsLimit, 1, MAX_FPS),
    detectRetina: booleanOr(field(options, 'detectRetina'), d.detectRetina),
    number: {
      value: Math.round(numberIn(field(particles, 'number', 'value'), d.number.value, 0, MAX_PARTICLES)),
      density: {
        enable: booleanOr(field(particles, 'number', 'density', 'enable'), d.number.density.enable),
        width: numberIn(field(particles, 'number', 'density', 'width'), d.number.density.width, 1, Number.MAX_SAFE_INTEGER),
        height: numberIn(field(particles, 'number', 'density', 'height'), d.number.density.height, 1, Number.MAX_SAFE_INTEGER),
      },
    },
    colors: colorListOr(field(particles, 'color'), d.colors),
    shapes: shapesOr(field(particles, 'shape', 'type'), d.shapes),
    opacity: rangeIn(field(particles, 'opacity', 'value'), d.opacity, 0, 1),
    size: rangeIn(field(particles, 'size', 'value'), d.size, 0, 100),
    links: {
      enable: booleanOr(field(links, 'enable'), d.links.enable),
      distance: numberIn(field(links, 'distance'), d.links.distance, 0, 10_000),
      color: colorOr(field(links, 'color'), d.links.color),
      opacity: numberIn(field(links, 'opacity'), d.links.opacity, 0, 1),
      width: numberIn(field(links, 'width'), d.links.width, 0, 100),
    },
    move: {
      enable: booleanOr(field(particles, 'move', 'enable'), d.move.enable),
      speed: rangeIn(field(particles, 'move', 'speed'), d.move.speed, 0, 100),
    },
    grab: {
      enable:
        booleanOr(field(hover, 'enable'), d.grab.enable) &&
        (field(hover, 'mode') === undefined || includesMode(field(hover, 'mode'), 'grab')),
      distance: numberIn(field(grab, 'distance'), d.grab.distance, 0, 10_000),
      opacity: numberIn(field(grab, 'links', 'opacity'), d.grab.opacity, 0, 1),
      color: grabColor === '' ? d.grab.color : grabColor,
    },
    resize: resizeOr(field(options, 'interactivity', 'events', 'resize'), d.resize),
  };
}

/** Deep merge: objects key by key, anything else (arrays included) replaced by the override. */
export function mergeOptions(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isRecord(base) || !isRecord(override)) return override;
  const merged: Options = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = mergeOptions(base[key], value);
  return merged;
}

/** The `responsive` entry for a viewport `width` CSS pixels wide: the smallest `maxWidth` above it. */
export function responsiveOverride(options: unknown, width: number): unknown {
  const entries = field(options, 'responsive');
  if (!Array.isArray(entries)) return undefined;
  let chosen: { maxWidth: number; options: unknown } | undefined;
  for (const entry of entries) {
    const maxWidth = field(entry, 'maxWidth');
    const override = field(entry, 'options');
    if (typeof maxWidth !== 'number' || !isRecord(override) || maxWidth <= width) continue;
    if (chosen === undefined || maxWidth < chosen.maxWidth) chosen = { maxWidth, options: override };
  }
  return chosen?.options;
}

/** The settings that apply at a viewport `width` CSS pixels wide (responsive overrides merged). */
export function particleSettingsFor(options: unknown, width: number): ParticleSettings {
  return parseParticleSettings(mergeOptions(options, responsiveOverride(options, width)));
}
