import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Icon } from '../../ui/icon';
import { useMediaQuery } from '../lib/use-media-query';

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
  page: 'inset-x-4 sm:inset-x-auto sm:right-4 sm:justify-end',
  // Inside a dialog on a phone: below its title bar (the close button) and above its pinned action row.
  dialog: 'inset-x-4 top-24 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:justify-end',
} as const;

type Edge = 'top' | 'bottom';
/** The page's toast edges: below the sticky header (`top-20`, 80 px) or above the screen's foot (`bottom-4`, 16 px). */
const EDGE_CLASSES: Record<Edge, string> = { top: 'top-20', bottom: 'bottom-4' };
const EDGE_OFFSET_PX: Record<Edge, number> = { top: 80, bottom: 16 };

/**
 * Marks a page's main action (the cart's CHECKOUT): a toast never covers it (decision 192). Spread
 * it on the element: `<button {...TOAST_AVOID}>`.
 */
export const TOAST_AVOID = { 'data-toast-avoid': '' } as const;

type Box = { top: number; bottom: number; left: number; right: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The page edge a toast of this box goes to: the preferred one (the top on a phone, whose foot is
 * where the thumb and the main action are; the bottom elsewhere), unless a main action on screen
 * would be under it there and the other edge is clear of every one.
 */
function edgeFor(toast: DOMRect, preferred: Edge): Edge {
  const actions = [...document.querySelectorAll('[data-toast-avoid]')]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  const band = (edge: Edge): Box => {
    const top = edge === 'top' ? EDGE_OFFSET_PX.top : window.innerHeight - EDGE_OFFSET_PX.bottom - toast.height;
    return { top, bottom: top + toast.height, left: toast.left, right: toast.right };
  };
  const clear = (edge: Edge) => actions.every((action) => !overlaps(band(edge), action));
  const other: Edge = preferred === 'top' ? 'bottom' : 'top';
  return clear(preferred) || !clear(other) ? preferred : other;
}

/**
 * The live region the toasts appear in: always in the page, so screen readers announce what is
 * added to it. A modal dialog that raises toasts holds its own (`placement="dialog"`). In the page
 * a toast never covers a main action (`TOAST_AVOID`): it takes the other edge of the screen.
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
  const phone = useMediaQuery('(max-width: 639px)', false);
  const preferred: Edge = phone ? 'top' : 'bottom';
  const [edge, setEdge] = useState<Edge>(preferred);
  const box = useRef<HTMLParagraphElement>(null);
  // Measured before the toast is painted, and again while the page scrolls under it.
  useLayoutEffect(() => {
    if (placement !== 'page' || toast === null) return;
    const place = () => {
      const element = box.current;
      if (element !== null) setEdge(edgeFor(element.getBoundingClientRect(), preferred));
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [placement, toast, preferred]);
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
      className={`pointer-events-none fixed z-[60] flex justify-center ${PLACEMENTS[placement]} ${placement === 'page' ? EDGE_CLASSES[edge] : ''}`}
    >
      {toast !== null && (
        <p
          key={toast.id}
          ref={box}
          className={`${toast.tone === 'success' ? 'alert-success' : 'alert-error'} flex max-w-sm items-center gap-2 break-words shadow-lg`}
        >
          <Icon name={toast.tone === 'success' ? 'check_circle' : 'error'} />
          {toast.text}
        </p>
      )}
    </div>
  );
}
