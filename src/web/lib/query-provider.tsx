import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The one query cache of the app. Home's first load needs no query (its movie list is a small
 * store), so the query library is loaded with the first route or dialog that uses it: every such
 * route sits under `QueryLayout`, and Home's lazy parts (clip list, movie card) wrap themselves.
 * Nested providers share this client, so there is still one cache; route loaders fill it too.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
