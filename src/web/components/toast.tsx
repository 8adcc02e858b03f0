import { useEffect, useSyncExternalStore } from 'react';
import { Icon } from '../../ui/icon';

const TOAST_MS = 4000;

export type ToastMessage = { id: number; text: string; tone: 'success' | 'error' };

// One toast for the whole app: any feature calls `showToast`, the shell renders `ToastHost` once,
// so a message survives the component that caused it (a closed dialog, a row that re-renders).
let current: ToastMessage | null = null;
let nextId = 1;
// While a dialog shows the toasts, the page's region (inert and covered) stays empty: one toast, one announcement.
let dialogHosts = 0;
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

const PLACEMENTS = {
  page: 'inset-x-4 bottom-4 sm:inset-x-auto sm:right-4 sm:justify-end',
  // Inside a dialog on a phone: below its title bar (the close button) and above its pinned action row.
  dialog: 'inset-x-4 top-24 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:justify-end',
} as const;

/**
 * The live region the toasts appear in: always in the page, so screen readers announce what is
 * added to it. A modal dialog that raises toasts holds its own (`placement="dialog"`).
 */
export function ToastHost({ placement = 'page' }: { placement?: keyof typeof PLACEMENTS }) {
  const toast = useSyncExternalStore(
    subscribe,
    () => (placement === 'page' && dialogHosts > 0 ? null : current),
    () => null,
  );
  useEffect(() => {
    if (placement !== 'dialog') return;
    dialogHosts += 1;
    publish(current);
    return () => {
      dialogHosts -= 1;
      publish(current);
    };
  }, [placement]);
  useEffect(() => {
    if (toast === null) return;
    const timer = window.setTimeout(() => {
      if (current?.id === toast.id) publish(null);
    }, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div role="status" aria-live="polite" className={`pointer-events-none fixed z-[60] flex justify-center ${PLACEMENTS[placement]}`}>
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
