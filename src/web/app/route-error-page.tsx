import type { RouteObject } from 'react-router';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NOT_FOUND_MESSAGE, PAGE_META } from '../../shared/page-meta';
import { PRODUCT_NAME } from '../../shared/product';
import { paths } from '../lib/paths';

/** What a failed route says: "Page not found" for a 404, otherwise a retry that reloads the document. */
function RouteErrorContent({ headingClassName }: { headingClassName: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <h1 className={headingClassName}>{notFound ? PAGE_META.notFound.name : 'This page could not be loaded'}</h1>
      <p className="text-slate-600 dark:text-slate-300">{notFound ? NOT_FOUND_MESSAGE : 'Check your connection and try again.'}</p>
      <div className="flex gap-3">
        {!notFound && (
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
        <a href={paths.home} className="btn-secondary">
          Back to the boards
        </a>
      </div>
    </>
  );
}

/**
 * The root error boundary, for when the layout itself failed: a MINGO page with a retry instead
 * of React Router's developer screen. Retrying reloads the document, so a new deploy's chunk
 * names are picked up.
 */
export function RouteErrorPage() {
  return (
    <main
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
      data-testid="route-error"
    >
      <p className="text-5xl font-black tracking-widest" aria-hidden="true">
        {PRODUCT_NAME}
      </p>
      <RouteErrorContent headingClassName="text-3xl font-bold" />
    </main>
  );
}

/**
 * A page's own error boundary: a page that threw, or whose code failed to load (a lazy chunk after
 * a deploy, a dropped connection), says so in its place, with the navigation bar still there.
 */
export function PageErrorPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center" data-testid="route-error">
      <RouteErrorContent headingClassName="page-title" />
    </div>
  );
}

/**
 * Gives every route below the layout its own error boundary (as bulletproof-react does), so one
 * page's failure never takes the layout down; routes that name one keep theirs.
 */
export function withPageErrorBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.index === true
      ? { ErrorBoundary: PageErrorPage, ...route }
      : { ErrorBoundary: PageErrorPage, ...route, children: route.children && withPageErrorBoundaries(route.children) },
  );
}
