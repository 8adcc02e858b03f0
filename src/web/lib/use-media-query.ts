import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, updated as it changes. For layouts that differ in structure,
 * not just in style (a table on a wide screen, cards on a phone): rendering both and hiding one
 * would put every control in the document twice. Without `matchMedia` (jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
