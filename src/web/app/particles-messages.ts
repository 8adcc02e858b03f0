import type { Point } from '../../domain/particle-field';
import type { ParticlesView } from './particles-animation';

/** From the page to the particles worker: the start, then what ParticlesControls says (the page stops it by terminating it). */
export type ParticlesCommand =
  | { type: 'start'; canvas: OffscreenCanvas; options: unknown; view: ParticlesView; hidden: boolean; reducedMotion: boolean }
  | { type: 'resize'; view: ParticlesView }
  | { type: 'pointer'; point: Point | null }
  | { type: 'hidden'; hidden: boolean }
  | { type: 'reduced-motion'; reduced: boolean };

/** From the particles worker to the page. */
export type ParticlesReport = { type: 'frames'; frames: number };
