import { useEffect, useRef } from 'react';
import type { Point } from '../../domain/particle-field';
import type { ParticlesControls, ParticlesView } from './particles-animation';
import type { ParticlesCommand, ParticlesReport } from './particles-messages';
import { loadStaticJson } from '../lib/static-json';

const PARTICLES_URL = '/assets/particles.json';

/** particles.json as it is: domain/particle-settings.ts reads it, and never throws on odd content. */
const AnyJson = { parse: (data: unknown): unknown => data };

/** The settings, or null (the animation starts without them, as the specification says). */
function loadOptions(): Promise<unknown> {
  return loadStaticJson(PARTICLES_URL, AnyJson, 'Error loading particles configuration');
}

type Started = { options: unknown; view: ParticlesView; hidden: boolean; reducedMotion: boolean; onFrames(frames: number): void };

type Renderer = { start(start: Started): Promise<ParticlesControls | undefined>; end(): void };

/**
 * Draws in a worker on the transferred canvas: the page's main thread never runs a frame.
 * The worker is created at once, so its script loads while particles.json does.
 */
function workerRenderer(canvas: HTMLCanvasElement): Renderer {
  const worker = new Worker(new URL('./particles-worker.ts', import.meta.url), { type: 'module', name: 'particles' });
  // Decoration: a worker whose script could not load (offline at that moment) leaves the background
  // plain, which is worth a warning, not an error.
  worker.addEventListener('error', (event) => console.warn('Particles worker failed', event.message || 'its script did not load'));
  const send = (command: ParticlesCommand, transfer: Transferable[] = []) => worker.postMessage(command, transfer);
  return {
    start: ({ onFrames, ...start }) => {
      worker.addEventListener('message', (event: MessageEvent<ParticlesReport>) => onFrames(event.data.frames));
      const offscreen = canvas.transferControlToOffscreen();
      send({ type: 'start', canvas: offscreen, ...start }, [offscreen]);
      return Promise.resolve({
        resize: (view) => send({ type: 'resize', view }),
        pointer: (point) => send({ type: 'pointer', point }),
        setHidden: (hidden) => send({ type: 'hidden', hidden }),
        setReducedMotion: (reduced) => send({ type: 'reduced-motion', reduced }),
        stop: () => worker.terminate(),
      });
    },
    end: () => worker.terminate(),
  };
}

/** Without OffscreenCanvas: the same renderer on the main thread, one short frame per animation frame. */
function mainThreadRenderer(canvas: HTMLCanvasElement): Renderer {
  let controls: ParticlesControls | undefined;
  return {
    start: async (start) => {
      const context = canvas.getContext('2d');
      if (context === null) return undefined;
      const { animationFrameScheduler, startParticlesAnimation } = await import('./particles-animation');
      controls = startParticlesAnimation({
        ...start,
        surface: {
          context,
          resize: (width, height) => {
            canvas.width = width;
            canvas.height = height;
          },
        },
        scheduler: animationFrameScheduler(),
        random: Math.random,
      });
      return controls;
    },
    end: () => controls?.stop(),
  };
}

/**
 * Starts the background in `host` and keeps it told about the viewport, the pointer, the page's
 * visibility and the reduced-motion preference. Returns the function that ends it.
 */
function startParticles(host: HTMLElement): () => void {
  const canvas = document.createElement('canvas');
  host.append(canvas);
  const inWorker = typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function';
  host.dataset.renderer = inWorker ? 'worker' : 'main-thread';
  const renderer = inWorker ? workerRenderer(canvas) : mainThreadRenderer(canvas);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const view = (): ParticlesView => ({ width: host.clientWidth, height: host.clientHeight, pixelRatio: window.devicePixelRatio });
  let controls: ParticlesControls | undefined;
  let stopped = false;

  const onPointer = (point: Point | null) => controls?.pointer(point);
  const onPointerMove = (event: PointerEvent) => onPointer({ x: event.clientX, y: event.clientY });
  // Touch has no hover: the line to a finger ends with the touch.
  const onPointerEnd = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') onPointer(null);
  };
  const onMouseOut = (event: MouseEvent) => {
    if (event.relatedTarget === null) onPointer(null);
  };
  const onVisibility = () => controls?.setHidden(document.hidden);
  const onMotion = () => controls?.setReducedMotion(reducedMotion.matches);
  const resizeObserver = new ResizeObserver(() => controls?.resize(view()));

  void loadOptions().then(async (options) => {
    if (stopped) return;
    const start: Started = {
      options,
      view: view(),
      hidden: document.hidden,
      reducedMotion: reducedMotion.matches,
      onFrames: (frames) => {
        host.dataset.frames = String(frames);
      },
    };
    const started = await renderer.start(start);
    if (stopped) started?.stop();
    else controls = started;
  });

  window.addEventListener('pointermove', onPointerMove, { passive: true });
  window.addEventListener('pointerup', onPointerEnd, { passive: true });
  window.addEventListener('pointercancel', onPointerEnd, { passive: true });
  document.addEventListener('mouseout', onMouseOut, { passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  reducedMotion.addEventListener('change', onMotion);
  resizeObserver.observe(host);

  return () => {
    stopped = true;
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerEnd);
    window.removeEventListener('pointercancel', onPointerEnd);
    document.removeEventListener('mouseout', onMouseOut);
    document.removeEventListener('visibilitychange', onVisibility);
    reducedMotion.removeEventListener('change', onMotion);
    resizeObserver.disconnect();
    renderer.end();
    canvas.remove();
  };
}

/**
 * The animated background of the whole app (element id `particles`), configured by
 * `/assets/particles.json`. Started lazily after the page has loaded (root-layout.tsx).
 */
export function ParticlesBackground() {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    return startParticles(host);
  }, []);
  return <div id="particles" ref={hostRef} aria-hidden="true" />;
}
