import { data, isRouteErrorResponse, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { formatUploadDate } from '../../../domain/format';
import { getClip } from '../../../shared/clips';
import { NotFoundPage } from '../../components/not-found-page';
import { ApiError, callApi } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ClipList } from './clip-list';
import { ClipPlayer } from './clip-player';
import { CLIP_LOAD_ERROR } from './clip-notes';

/** The clip is resolved before the page shows; an unknown id becomes the 404 page. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  try {
    return await callApi(getClip, { params: { id: params.id ?? '' }, signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data('No such clip', { status: 404 });
    throw error;
  }
}

export function ClipPage() {
  const clip = useLoaderData<typeof loader>();
  useDocumentTitle(clip.title);
  return (
    <article>
      <h1 className="page-title mb-2 break-words">{clip.title}</h1>
      <p className="mb-5 text-slate-600 dark:text-slate-300">
        Uploaded by {clip.displayName} on <time dateTime={clip.timestamp}>{formatUploadDate(new Date(clip.timestamp))}</time>
      </p>
      <div className="mx-auto max-w-4xl">
        <ClipPlayer key={clip.docID} variant="page" src={clip.url} poster={clip.screenshotURL} title={clip.title} />
      </div>
      <ClipList placement="clip-page" />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <p role="alert" className="alert-error">
      {CLIP_LOAD_ERROR}
    </p>
  );
}

export { ClipPage as Component };
