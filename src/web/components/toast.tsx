import { useEffect, useSyncExternalStore } from 'react';
import { Icon } from './icon';

const TOAST_MS = 4000;

export type ToastMessage = { id: number; text: string; tone: 'success' | 'error' };

// One toast for the whole app: any feature calls `showToast`, the shell renders `ToastHost` once,
// so a message survives the component that caused it (a closed dialog, a row that re-renders).
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(toast: ToastMessage | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

/** Shows a short message in the corner, announced politely to screen readers; the newest replaces the last. */
export function showToast(text: string, tone: ToastMessage['tone'] = 'success'): void {
  publish({ id: nextId++, text, tone });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live region the toasts appear in: always in the page, so screen readers announce what is added to it. */
export function ToastHost() {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (toast === null) return;
    const timer = window.setTimeout(() => {
      if (current?.id === toast.id) publish(null);
    }, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex justify-center sm:inset-x-auto sm:right-4 sm:justify-end"
    >
      {toast !== null && (
        <p
          key={toast.id}
          className={`${toast.tone === 'success' ? 'alert-success' : 'alert-error'} flex max-w-sm items-center gap-2 break-words shadow-lg`}
        >
          <Icon name={toast.tone === 'success' ? 'check_circle' : 'error'} />
          {toast.text}
        </p>
      )}
    </div>
  );
}
