import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, startFirstPage } from './app/router';
import { loadInitialSession } from './features/auth/session-store';
import { startMarksSyncForPlayers } from './features/leagues/sync-start';
import './styles/app.css';

const container = document.getElementById('root');
if (container === null) throw new Error('Missing #root element');

// The first page's code and data start downloading now, alongside the session answer.
startFirstPage(window.location);
// A player's seen / unseen are queued from the start (leagues: decision 081).
startMarksSyncForPlayers();

type AppRouter = ReturnType<typeof createRouter>;

/** Resolves once the router has loaded the first route's code and data, so React commits it in one go. */
function whenInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The app starts once, after the first session answer (or a short timeout / error: signed out),
// so guarded routes and the navigation know who is signed in from the first render. The static
// shell in index.html (inside #root) stays on screen until React replaces it with the first page.
void loadInitialSession().then(async () => {
  const router = createRouter();
  await whenInitialized(router);
  const root = createRoot(container);
  // A transition: React renders the (whole) first page in time slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
});
