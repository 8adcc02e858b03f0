import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { loadInitialSession } from './features/auth/session-store';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

const container = document.getElementById('root');
if (container === null) throw new Error('Missing #root element');

// The app starts once, after the first session answer (or a short timeout / error: signed out),
// so guarded routes and the navigation know who is signed in from the first render.
void loadInitialSession().then(() => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
