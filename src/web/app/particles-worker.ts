import { animationFrameScheduler, startParticlesAnimation, type ParticlesControls } from './particles-animation';
import type { ParticlesCommand, ParticlesReport } from './particles-messages';

/**
 * The particle background's worker: it owns the canvas (transferred as an OffscreenCanvas) and
 * draws every frame, so the page's main thread only forwards the size and the pointer.
 */

let controls: ParticlesControls | undefined;

function report(message: ParticlesReport): void {
  postMessage(message);
}

addEventListener('message', (event: MessageEvent<ParticlesCommand>) => {
  const command = event.data;
  switch (command.type) {
    case 'start': {
      const { canvas } = command;
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('The particles canvas has no 2D context');
      controls = startParticlesAnimation({
        surface: {
          context,
          resize: (width, height) => {
            canvas.width = width;
            canvas.height = height;
          },
        },
        options: command.options,
        view: command.view,
        hidden: command.hidden,
        reducedMotion: command.reducedMotion,
        scheduler: animationFrameScheduler(),
        random: Math.random,
        onFrames: (frames) => report({ type: 'frames', frames }),
      });
      break;
    }
    case 'resize':
      controls?.resize(command.view);
      break;
    case 'pointer':
      controls?.pointer(command.point);
      break;
    case 'hidden':
      controls?.setHidden(command.hidden);
      break;
    case 'reduced-motion':
      controls?.setReducedMotion(command.reduced);
      break;
  }
});
