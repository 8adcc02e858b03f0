import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../lib/paths';

/** What staff see on an admin page (the guard answers 403), and the fallback for other route errors. */
export function AdminsOnly() {
  const error = useRouteError();
  const adminsOnly = isRouteErrorResponse(error) && error.status === 403;
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center"
      data-testid={adminsOnly ? 'admins-only' : 'route-error'}
    >
      <h1 className="text-3xl font-bold">{adminsOnly ? 'Admins only' : 'Something went wrong'}</h1>
      <p className="text-slate-600 dark:text-slate-300">
        {adminsOnly
          ? 'This page is for admins. Your account is a staff account; ask an admin if you need access.'
          : 'This page could not be shown. Please try again shortly.'}
      </p>
      <Link to={paths.home} className="btn-primary">
        Back to the boards
      </Link>
    </section>
  );
}
