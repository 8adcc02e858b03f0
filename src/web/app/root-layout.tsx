import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountLinks, AuthModalHost } from '../features/auth/account-links';
import { LazyMovieClip } from '../features/clips/lazy-movie-clip';
import { MovieClipSlotContext } from '../components/movie-clip-slot';
import { NavBar } from './nav-bar';

const ParticlesBackground = lazy(() =>
  import('./particles-background').then((module) => ({ default: module.ParticlesBackground })),
);

/** Waits until the browser is idle after first paint, so the particle engine never delays content. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/** The shell: particle background, navigation, routed content, and the account area. */
export function RootLayout({ accountLinks = <AccountLinks />, children = null }: { accountLinks?: React.ReactNode; children?: React.ReactNode }) {
  const showParticles = useAfterFirstPaint();
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
