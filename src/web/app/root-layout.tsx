import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountLinks, AuthModalHost } from '../features/auth/account-links';
import { LazyMovieClip } from '../features/clips/lazy-movie-clip';
import { MovieClipSlotContext } from '../components/movie-clip-slot';
import { NavBar } from './nav-bar';

const ParticlesBackground = lazy(() =>
  import('./particles-background').then((module) => ({ default: module.ParticlesBackground })),
);

/**
 * Waits until the page has loaded and the browser is idle, so the particle engine (the heaviest
 * script on the page) never competes with the content for the main thread.
 */
function useAfterPageLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idleHandle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenIdle = () => {
      if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      else timer = setTimeout(() => setReady(true), 500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready;
}

/** The shell: particle background, navigation, routed content, and the account area. */
export function RootLayout({ accountLinks = <AccountLinks />, children = null }: { accountLinks?: React.ReactNode; children?: React.ReactNode }) {
  const showParticles = useAfterPageLoad();
  return (
    <MovieClipSlotContext.Provider value={LazyMovieClip}>
      {showParticles && (
        <Suspense fallback={null}>
          <ParticlesBackground />
        </Suspense>
      )}
      <a href="#content" className="skip-link">
        Skip to content
      </a>
      <NavBar accountLinks={accountLinks} />
      <main id="content" className="mx-auto w-full max-w-6xl px-4 py-6">
        <Outlet />
      </main>
      {children}
      <AuthModalHost />
      <ScrollRestoration />
    </MovieClipSlotContext.Provider>
  );
}
