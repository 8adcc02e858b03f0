import { scheduleUpdateChecks } from './update-checks';

/** What the page learns from its service worker: a new deployment's worker is waiting (with how to take it). */
export type OnWaiting = (accept: () => void) => void;

let registered = false;

/** workbox-window, loaded on first use: a module of its own, kept off the first load. */
const loadWorkbox = () => import('workbox-window');

async function registerWith(load: typeof loadWorkbox, onWaiting: OnWaiting) {
  const { Workbox } = await load();
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onWaiting(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
  return workbox;
}

/**
 * Registers the service worker (only a production build has one), with workbox-window. When a new
 * deployment's worker is installed and waiting, `onWaiting` gets how to accept it: activate the new
 * worker and reload the page onto the new version. A tab left open asks for a new worker when it
 * is shown again and every hour (update-checks.ts). Loaded after the page settles, with
 * workbox-window, so neither is in the first load. If it fails (the connection dropped before
 * the worker's script came), it may be called again (update-prompt.tsx does, once back online).
 */
export async function registerServiceWorker(onWaiting: OnWaiting, load = loadWorkbox): Promise<void> {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const workbox = await registerWith(load, onWaiting).catch((error: unknown) => {
    registered = false;
    throw error;
  });
  // Lives as long as the page: the registration is made once per page load.
  scheduleUpdateChecks(() => workbox.update());
}
