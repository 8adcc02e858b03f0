import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { loadInitialSession } from './features/auth/session-store';
import { fetchMovieList } from './lib/movie-list';
import './styles/app.css';

const container = document.getElementById('root');
if (container === null) throw new Error('Missing #root element');

// Home is the usual first page: its code and the movie list start downloading while the session
// answer is on its way, instead of after it (the router would only ask for them once created).
if (window.location.pathname === '/') {
  void import('./app/home-page');
  void fetchMovieList();
}

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
