import { useEffect, useSyncExternalStore } from 'react';
import { retryWhenOnline } from './retry-when-online';

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

function useRegisterAfterLoad(): void {
  useEffect(() => {
    // After load, when the browser is idle: the worker, its registration and workbox-window stay
    // off the first load.
    const register = () => {
      const start = () => {
        if (!import.meta.env.PROD) return;
        // Offline by then (the connection dropped while the page loaded): again once back online.
        retryWhenOnline(
          () =>
            import('./service-worker').then(({ registerServiceWorker }) =>
              registerServiceWorker((accept) => setState({ waiting: true, accept })),
            ),
          (error) => console.warn('Service worker not registered', error),
        );
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
