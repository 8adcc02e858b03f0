import { Outlet } from 'react-router';
import { QueryProvider } from '../lib/query-provider';

/** The pathless layout of every route that reads the API (see lib/query-provider.tsx). */
export function Component() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
