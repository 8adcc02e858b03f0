import { showToast } from '../../components/toast';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ClipSortSchema, ClipTitleSchema, CLIP_TITLE_MAX, type Clip } from '../../../shared/clips';
import { paths } from '../../lib/paths';
import { FormField, InputField } from '../../components/form-field';
import { Icon } from '../../../ui/icon';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/api-client';
import { ClipCard } from './clip-card';
import { ClipListError, retryOf } from './clip-notes';
import { copyText } from '../../lib/copy-text';
import { useDeleteClip, useUpdateClipTitle } from './use-clip-mutations';
import { useAllClips } from './use-all-clips';
import { useMyClips } from './use-my-clips';

const errorText = (error: unknown) => errorMessage(error, 'Something went wrong. Please try again.');

/** A dialog's foot: the failed save's message, if any, then Cancel and the dialog's own action. */
function DialogActions({ error, onCancel, children }: { error: Error | null; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {error !== null && (
        <p role="alert" className="alert-error">
          {errorText(error)}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        {children}
      </div>
    </>
  );
}

function EditTitleModal({ clip, onClose, onSaved }: { clip: Clip | null; onClose: () => void; onSaved: (title: string) => void }) {
  return (
    <Modal name="editClip" title="Edit title" open={clip !== null} onClose={onClose}>
      {clip !== null && <EditTitleForm key={clip.docID} clip={clip} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditTitleForm({ clip, onClose, onSaved }: { clip: Clip; onClose: () => void; onSaved: (title: string) => void }) {
  const [title, setTitle] = useState(clip.title);
  const update = useUpdateClipTitle();
  const inputId = useId();
  const check = ClipTitleSchema.safeParse(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.success) return;
    update.mutate({ id: clip.docID, title: check.data }, { onSuccess: () => onSaved(check.data) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <InputField
        id={inputId}
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={CLIP_TITLE_MAX}
        error={check.success ? undefined : (check.error.issues[0]?.message ?? 'Invalid title')}
        autoFocus
      />
      <DialogActions error={update.error} onCancel={onClose}>
        <button type="submit" className="btn-primary" disabled={!check.success || update.isPending}>
          Save
        </button>
      </DialogActions>
    </form>
  );
}

function DeleteClipModal({ clip, onClose, onDeleted }: { clip: Clip | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <Modal name="deleteClip" title="Delete this clip?" open={clip !== null} onClose={onClose}>
      {clip !== null && <DeleteClipConfirm key={clip.docID} clip={clip} onClose={onClose} onDeleted={onDeleted} />}
    </Modal>
  );
}

function DeleteClipConfirm({ clip, onClose, onDeleted }: { clip: Clip; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteClip();
  return (
    <div className="flex flex-col gap-4">
      <p>“{clip.title}” and its video will be deleted for good.</p>
      <DialogActions error={remove.error} onCancel={onClose}>
        <button
          type="button"
          className="btn-primary bg-rose-700 text-white hover:bg-rose-800"
          disabled={remove.isPending}
          onClick={() => remove.mutate(clip.docID, { onSuccess: onDeleted })}
        >
          <Icon name="delete" /> Delete
        </button>
      </DialogActions>
    </div>
  );
}

/**
 * Manage (`/manage?sort=1|2`): the signed-in user's clips with edit, delete and copy-link actions.
 * Admins (`canSeeAll`) also get "All clips" (`?view=all&owner=<user id>`): everyone's clips, owner
 * shown on each card, filterable by owner, in the same sort.
 */
export function ManagePage({ canSeeAll = false }: { canSeeAll?: boolean }) {
  const [params, setParams] = useSearchParams();
  const sort = ClipSortSchema.parse(params.get('sort'));
  const showAll = canSeeAll && params.get('view') === 'all';
  const owner = showAll ? (params.get('owner') ?? '') : '';
  const mine = useMyClips(sort, !showAll);
  const everyone = useAllClips(sort, owner, showAll);
  const list = showAll ? everyone : mine;
  const { data, error, isPending, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const [editing, setEditing] = useState<Clip | null>(null);
  const [deleting, setDeleting] = useState<Clip | null>(null);
  const sortId = useId();
  const ownerId = useId();
  const clips = data?.pages.flatMap((page) => page.items) ?? [];
  const owners = everyone.data?.pages[0]?.owners ?? [];
  const setView = (next: { view?: 'all'; owner?: string; sort?: string }) =>
    setParams({
      sort: next.sort ?? sort,
      ...(next.view === 'all' ? { view: 'all' } : {}),
      ...(next.view === 'all' && next.owner !== undefined && next.owner !== '' ? { owner: next.owner } : {}),
    });

  const copyLink = async (clip: Clip) => {
    const link = new URL(paths.clip(clip.docID), window.location.origin).toString();
    if (await copyText(link)) showToast('Link copied to clipboard');
    else showToast(`Copy this link: ${link}`, 'error');
  };

  return (
    <section>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="page-title mb-0">Manage clips</h1>
        {canSeeAll && (
          <div className="segmented" role="group" aria-label="Whose clips">
            <button type="button" className="segmented-item" aria-pressed={!showAll} onClick={() => setView({})}>
              My clips
            </button>
            <button type="button" className="segmented-item" aria-pressed={showAll} onClick={() => setView({ view: 'all' })}>
              All clips
            </button>
          </div>
        )}
        {showAll && (
          <FormField id={ownerId} label="Owner" inline>
            <select
              id={ownerId}
              className="input w-auto"
              value={owner}
              onChange={(event) => setView({ view: 'all', owner: event.target.value })}
            >
              <option value="">Everyone</option>
              {owners.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField id={sortId} label="Sort" inline>
          <select
            id={sortId}
            className="input w-auto"
            value={sort}
            onChange={(event) => setView({ ...(showAll ? { view: 'all' as const, owner } : {}), sort: event.target.value })}
          >
            <option value="1">Newest first</option>
            <option value="2">Oldest first</option>
          </select>
        </FormField>
      </div>

      {(isPending || (isFetching && clips.length === 0)) && <p role="status">{showAll ? 'Loading all clips…' : 'Loading your clips…'}</p>}
      {/* The same words for one's own clips and for everyone's. */}
      {error !== null && !isFetching && <ClipListError onRetry={retryOf(list)} />}
      {data !== undefined && clips.length === 0 && <p>{showAll ? 'No clips match.' : 'You have not uploaded any clips yet.'}</p>}

      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={showAll ? 'All clips' : 'Your clips'}>
        {clips.map((clip) => (
          <li key={clip.docID}>
            <ClipCard
              clip={clip}
              actions={
                <div className="mt-auto flex gap-1 border-t border-slate-200 p-2 dark:border-slate-800">
                  <button
                    type="button"
                    className="nav-button"
                    onClick={() => setEditing(clip)}
                    aria-label={`Edit the title of ${clip.title}`}
                    title="Edit title"
                  >
                    <Icon name="edit" />
                  </button>
                  <button
                    type="button"
                    className="nav-button"
                    onClick={() => void copyLink(clip)}
                    aria-label={`Copy the link to ${clip.title}`}
                    title="Copy link"
                  >
                    <Icon name="link" />
                  </button>
                  <button
                    type="button"
                    className="nav-button ml-auto text-rose-600 dark:text-rose-400"
                    onClick={() => setDeleting(clip)}
                    aria-label={`Delete ${clip.title}`}
                    title="Delete"
                  >
                    <Icon name="delete" />
                  </button>
                </div>
              }
            />
          </li>
        ))}
      </ul>
      {/* After a failure, "Try again" is the one way on. */}
      {hasNextPage && error === null && (
        <div className="mt-6 text-center">
          <button type="button" className="btn-secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        </div>
      )}

      <EditTitleModal
        clip={editing}
        onClose={() => setEditing(null)}
        onSaved={(title) => {
          setEditing(null);
          showToast(`Title saved: “${title}”`);
        }}
      />
      <DeleteClipModal
        clip={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          showToast(deleting === null ? 'Clip deleted' : `Clip “${deleting.title}” deleted`);
          setDeleting(null);
        }}
      />
    </section>
  );
}
