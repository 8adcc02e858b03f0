import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AccountLinks, AuthModalHost, type AccountLinksLayout } from '../features/auth/account-links';
import { LazyMovieClip } from '../features/clips/lazy-movie-clip';
import { MovieClipSlotContext } from '../components/movie-clip-slot';
import { ToastHost } from '../components/toast';
import { afterPageSettles } from '../lib/after-page-settles';
import { useDocumentTitle } from '../lib/use-document-title';
import { useOnline } from '../lib/use-online';
import { UpdatePrompt } from './update-prompt';
import { NavBar } from './nav-bar';
import { PAGE_FRAME_CLASSES } from '../../ui/page-intros';

// Decoration: when its code cannot be fetched (a dropped connection), the page goes on without it.
const ParticlesBackground = lazy(() =>
  import('./particles-background').then(
    (module): { default: () => React.ReactNode } => ({ default: module.ParticlesBackground }),
    (error: unknown) => {
      console.warn('Particle background not loaded', error);
      return { default: () => null };
    },
  ),
);

/**
 * True once the page has settled (lib/after-page-settles.ts) and is online: the particle background is
 * decoration, and its start (a worker, a full-screen canvas layer, the first frames) competed for
 * the CPU with the page's own first renders (Lighthouse on /shop: TBT 334 ms with it, 146 ms
 * without).
 */
function useAfterPageSettles(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Offline by then (its code is not cached without the service worker): start once back online.
    const start = () => setReady(true);
    const cancel = afterPageSettles(() => {
      if (navigator.onLine) start();
      else window.addEventListener('online', start, { once: true });
    });
    return () => {
      cancel();
      window.removeEventListener('online', start);
    };
  }, []);
  return ready;
}

/** The deepest route's fixed title (`handle.title`); pages with a data-dependent title set their own. */
function useRouteTitle(): string | null {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return null;
  return typeof handle.title === 'string' ? handle.title : null;
}

/** Routes marked `handle.worksOffline` (boards, About, MINGO DB, shared boards) run from the service worker's cache. */
function useWorksOffline(): boolean {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  return typeof handle === 'object' && handle !== null && 'worksOffline' in handle && handle.worksOffline === true;
}

function OfflineNotice() {
  const online = useOnline();
  const worksOffline = useWorksOffline();
  if (online || worksOffline) return null;
  return (
    <p role="alert" className="alert-info mb-4">
      You are offline. This page needs a connection — the boards, About and MINGO DB still work offline.
    </p>
  );
}

/** The shell: particle background, navigation, routed content, and the account area. */
export function RootLayout({
  accountLinks = (layout) => <AccountLinks layout={layout} />,
  children = null,
}: {
  accountLinks?: (layout: AccountLinksLayout) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const showParticles = useAfterPageSettles();
  useDocumentTitle(useRouteTitle());
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
      <main id="content" className={PAGE_FRAME_CLASSES}>
        <OfflineNotice />
        <Outlet />
      </main>
      {children}
      <AuthModalHost />
      <UpdatePrompt />
      <ToastHost />
      <ScrollRestoration />
    </MovieClipSlotContext.Provider>
  );
}
