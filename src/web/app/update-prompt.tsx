import { useEffect, useSyncExternalStore } from 'react';
import { scheduleUpdateChecks } from './update-checks';

type UpdateState = { waiting: boolean; accept: () => void };

let state: UpdateState = { waiting: false, accept: () => undefined };
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let registered = false;

/**
 * Registers the service worker (only a production build has one) once the page has loaded, with
 * workbox-window loaded on demand. When a new deployment's worker is installed and waiting, the
 * prompt appears; accepting it activates the new worker and reloads the page onto the new version.
 * A tab left open asks for a new worker when it is shown again and every hour (update-checks.ts).
 */
async function registerServiceWorker(): Promise<void> {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    setState({
      waiting: true,
      accept: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  await workbox.register();
  // Lives as long as the page: the registration is made once per page load.
  scheduleUpdateChecks(() => workbox.update());
}

function useRegisterAfterLoad(): void {
  useEffect(() => {
    // After load, when the browser is idle: the worker and workbox-window stay off the first load.
    const register = () => {
      const start = () => {
        registerServiceWorker().catch((error: unknown) => console.warn('Service worker not registered', error));
      };
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
      else setTimeout(start, 1000);
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}

/** "A new version of MINGO is available — Reload": shown when a newer deployment is ready. */
export function UpdatePrompt() {
  useRegisterAfterLoad();
  const { waiting, accept } = useSyncExternalStore(subscribe, () => state);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-amber-400 bg-slate-900 p-3 text-slate-50 shadow-2xl"
    >
      <p className="flex-1 text-sm font-semibold">A new version of MINGO is available.</p>
      <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={accept}>
        Reload
      </button>
    </div>
  );
}
