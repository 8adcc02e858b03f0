import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NOT_FOUND_MESSAGE, PAGE_META } from '../../shared/page-meta';
import { PRODUCT_NAME } from '../../shared/product';
import { paths } from '../lib/paths';

/**
 * The root error boundary: a page whose code failed to load (a lazy chunk after a deploy, a
 * dropped connection) or that threw shows a MINGO page with a retry instead of React Router's
 * developer screen. Retrying reloads the document, so a new deploy's chunk names are picked up.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
      data-testid="route-error"
    >
      <p className="text-5xl font-black tracking-widest" aria-hidden="true">
        {PRODUCT_NAME}
      </p>
      <h1 className="text-3xl font-bold">{notFound ? PAGE_META.notFound.name : 'This page could not be loaded'}</h1>
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
    </main>
  );
}
