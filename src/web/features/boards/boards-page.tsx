import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { BOARD_LIMITS, BoardYearSchema, type EditorBoard, type EditorMovie } from '../../../shared/boards';
import { InputField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/api-client';
import { BoardSlots, slotName } from './board-slots';
import { MovieForm } from './movie-form';
import { SlotPanel } from './slot-panel';
import { useBoardEditor, useBoardMutations } from './use-board-editor';

const ImportExport = lazy(() => import('./import-export').then((module) => ({ default: module.ImportExport })));

const STATUS_LABEL = { draft: 'Draft', published: 'Published' } as const;

function messageOf(error: unknown): string {
  return errorMessage(error, 'An unexpected error occurred. Please try again shortly.');
}

function NewBoardForm({ years, onCreated }: { years: readonly number[]; onCreated: (year: number) => void }) {
  const id = useId();
  const { create } = useBoardMutations();
  const [year, setYear] = useState(() => String(Math.max(new Date().getFullYear(), (years[0] ?? 0) + 1)));
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BoardYearSchema.safeParse(year.trim() === '' ? undefined : year);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Type a year.');
      return;
    }
    if (years.includes(parsed.data)) {
      setProblem(`There is already a ${parsed.data} board.`);
      return;
    }
    setProblem(undefined);
    create.mutate(parsed.data, { onSuccess: (board) => onCreated(board.year) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3" aria-label="New board">
      <InputField
        id={`${id}-year`}
        label="Year of the new board"
        inputMode="numeric"
        value={year}
        onChange={(event) => setYear(event.target.value)}
        error={problem ?? (create.isError ? messageOf(create.error) : undefined)}
        hint={`${BOARD_LIMITS.yearMin}–${BOARD_LIMITS.yearMax}`}
      />
      <button type="submit" className="btn-primary mt-7" disabled={create.isPending}>
        New board
      </button>
    </form>
  );
}

function PublishDialog({
  year,
  onConfirm,
  onClose,
  pending,
}: {
  year: number;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
}) {
  return (
    <Modal name="publishBoard" title={`Publish the ${year} board?`} open onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p>
          Visitors see the {year} board at once, as the first tab on the home page. While it is published its squares are locked (movies
          stay editable); unpublish it to rearrange them.
        </p>
        <div className="flex gap-2">
          <button type="button" className="btn-primary" onClick={onConfirm} disabled={pending}>
            Publish {year}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}

type MovieEditing = { kind: 'add'; position: number } | { kind: 'edit'; movieId: string };

function BoardEditor({ board, movies, tmdb }: { board: EditorBoard; movies: ReadonlyMap<string, EditorMovie>; tmdb: boolean }) {
  const { setSlots, publish, unpublish, remove, remember } = useBoardMutations();
  const [selected, setSelected] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<MovieEditing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const locked = board.status === 'published';
  const onBoard = useMemo(() => new Set(board.slots.filter((id) => id !== null)), [board.slots]);
  const empty = board.slots.flatMap((id, position) => (id === null ? [slotName(position)] : []));
  const failure = [setSlots, publish, unpublish, remove].find((mutation) => mutation.isError)?.error;

  const reorder = (slots: (string | null)[]) => {
    setNotice(null);
    setSlots.mutate({ year: board.year, slots });
  };
  const choose = (position: number, movieId: string | null) => {
    const slots = [...board.slots];
    slots[position] = movieId;
    reorder(slots);
  };

  const editedMovie = editing?.kind === 'edit' ? (movies.get(editing.movieId) ?? null) : null;
  const selectedId = selected === null ? null : (board.slots[selected] ?? null);

  return (
    <section aria-labelledby="board-editor-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="board-editor-heading" className="text-2xl font-black">
          {board.year} board{' '}
          <span className="text-base font-semibold text-slate-600 dark:text-slate-300">({STATUS_LABEL[board.status]})</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          {locked ? (
            <button
              type="button"
              className="btn-secondary"
              disabled={unpublish.isPending}
              onClick={() => unpublish.mutate(board.year, { onSuccess: () => setNotice(`The ${board.year} board is a draft again.`) })}
            >
              Unpublish
            </button>
          ) : (
            <>
              <button type="button" className="btn-primary" onClick={() => setConfirming(true)}>
                Publish
              </button>
              <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => remove.mutate(board.year)}>
                Delete draft
              </button>
            </>
          )}
        </div>
      </div>
      {!locked && empty.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {empty.length} empty {empty.length === 1 ? 'square' : 'squares'}: {empty.join(', ')}.
        </p>
      )}
      <div aria-live="polite">
        {failure !== undefined && failure !== null && (
          <p className="alert-error" role="alert">
            {messageOf(failure)}
          </p>
        )}
        {notice !== null && <p className="alert-success">{notice}</p>}
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,28rem)_1fr]">
        <BoardSlots
          year={board.year}
          slots={board.slots}
          movies={movies}
          locked={locked}
          selected={selected}
          onSelect={setSelected}
          onReorder={reorder}
        />
        {selected !== null && (
          <SlotPanel
            key={`${board.year}-${selected}`}
            year={board.year}
            position={selected}
            movie={selectedId === null ? undefined : movies.get(selectedId)}
            onBoard={onBoard}
            locked={locked}
            onChoose={(movie) => {
              if (movie !== null) remember(movie);
              choose(selected, movie?.id ?? null);
            }}
            onAddMovie={() => setEditing({ kind: 'add', position: selected })}
            onEditMovie={(movie) => setEditing({ kind: 'edit', movieId: movie.id })}
          />
        )}
      </div>
      {confirming && (
        <PublishDialog
          year={board.year}
          pending={publish.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            publish.mutate(board.year, {
              onSettled: () => setConfirming(false),
              onSuccess: () => setNotice(`The ${board.year} board is published.`),
            })
          }
        />
      )}
      {editing !== null && (
        <Modal
          name="movieForm"
          title={editing.kind === 'add' ? `Add a movie to ${slotName(editing.position)}` : `Edit ${editedMovie?.name ?? 'movie'}`}
          open
          onClose={() => setEditing(null)}
          size="lg"
        >
          <MovieForm
            movie={editedMovie}
            boardYear={board.year}
            tmdb={tmdb}
            onCancel={() => setEditing(null)}
            onSaved={(movie) => {
              if (editing.kind === 'add') choose(editing.position, movie.id);
              setNotice(`${movie.name} is saved.`);
              setEditing(null);
            }}
          />
        </Modal>
      )}
    </section>
  );
}

/** /boards (admins): every year's board, the board editor, and import/export of the movie list. */
export function BoardsPage() {
  const editor = useBoardEditor();
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const boards = editor.data?.boards ?? [];
  const board = boards.find((other) => other.year === chosenYear) ?? boards[0];
  const movies = useMemo(() => new Map((editor.data?.movies ?? []).map((movie) => [movie.id, movie])), [editor.data?.movies]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="page-title mb-2">Boards</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-300">
          Every year’s board. Drafts are invisible to visitors until you publish them; a published board’s movies can still be edited.
        </p>
      </div>
      {editor.isPending && <p role="status">Loading the boards…</p>}
      {editor.isError && (
        <p className="alert-error" role="alert">
          {messageOf(editor.error)}
        </p>
      )}
      {editor.data !== undefined && (
        <>
          <section aria-labelledby="years-heading" className="card flex flex-col gap-4 p-4">
            <h2 id="years-heading" className="text-xl font-bold">
              Years
            </h2>
            <table className="w-full max-w-xl text-left">
              <thead>
                <tr>
                  <th className="px-3 py-2">Year</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {boards.map((row) => (
                  <tr key={row.year} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="px-3 py-2 font-semibold">{row.year}</td>
                    <td className="px-3 py-2">{STATUS_LABEL[row.status]}</td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1 text-sm"
                        aria-pressed={board?.year === row.year}
                        onClick={() => setChosenYear(row.year)}
                      >
                        Open {row.year}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <NewBoardForm years={boards.map((row) => row.year)} onCreated={setChosenYear} />
          </section>
          {board !== undefined && <BoardEditor key={board.year} board={board} movies={movies} tmdb={editor.data.tmdb} />}
          <Suspense fallback={null}>
            <ImportExport />
          </Suspense>
        </>
      )}
    </div>
  );
}

export { BoardsPage as Component };
