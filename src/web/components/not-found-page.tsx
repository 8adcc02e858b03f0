import { Link } from 'react-router';
import { NOT_FOUND_MESSAGE, PAGE_META } from '../../shared/page-meta';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(PAGE_META.notFound.name);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-20 text-center">
      <p className="text-7xl font-black text-rose-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{PAGE_META.notFound.name}</h1>
      <p className="text-slate-600 dark:text-slate-300">{NOT_FOUND_MESSAGE}</p>
      <Link to={paths.home} className="btn-primary">
        Back to the boards
      </Link>
    </section>
  );
}

export { NotFoundPage as Component };
