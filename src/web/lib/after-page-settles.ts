/** How long after `load` the page counts as settled (decision 184). */
export const SETTLE_MS = 1500;

/**
 * Runs `task` once the page has settled: after `load`, then SETTLE_MS, then the next idle moment.
 * For background work the page does not need to show itself (the particle background): on a small device it competes for the CPU with the page's own first
 * renders and lazy chunks, which the first idle moment after `load` still falls among. Returns the
 * function that cancels it.
 */
export function afterPageSettles(task: () => void): () => void {
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(task, { timeout: 3000 });
    else task();
  };
  const afterLoad = () => {
    timer = setTimeout(whenIdle, SETTLE_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
