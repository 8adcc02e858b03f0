import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { squaresLeft } from '../../../domain/board-rules';
import { squareName } from '../../../domain/boards';
import { BOARD_LIMITS, BoardYearSchema, type EditorBoard, type EditorMovie } from '../../../shared/boards';
import { Icon } from '../../../ui/icon';
import { InputField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/api-client';
import { useMediaQuery } from '../../lib/use-media-query';
import { BoardSlots } from './board-slots';
import { MovieForm } from './movie-form';
import { SlotPanel, slotTitle } from './slot-panel';
import { useBoardEditor, useBoardMutations } from './use-board-editor';

const ImportExport = lazy(() => import('./import-export').then((module) => ({ default: module.ImportExport })));

const STATUS_LABEL = { draft: 'Draft', published: 'Published' } as const;

/** Below Tailwind's `sm` (640 px): a phone, where the open square is a bottom sheet. */
const PHONE_QUERY = '(max-width: 639.98px)';

function messageOf(error: unknown): string {
  return errorMessage(error, 'An unexpected error occurred. Please try again shortly.');
}

/** Scrolls `box` into view (below the sticky bar: its scroll margin) and focuses its `heading`. */
function bringIntoView(box: HTMLElement | null, heading: HTMLElement | null, block: ScrollLogicalPosition) {
  // jsdom (component tests) has no layout, hence no scrollIntoView.
  if (box !== null && 'scrollIntoView' in box) box.scrollIntoView({ block });
  heading?.focus({ preventScroll: true });
}

/** What is wrong with the year typed for a new board, or undefined when it can be created. */
function yearProblem(year: string, years: readonly number[]): string | undefined {
  const parsed = BoardYearSchema.safeParse(year.trim() === '' ? undefined : year);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Type a year.';
  if (years.includes(parsed.data)) return `There is already a ${parsed.data} board.`;
  return undefined;
}

function NewBoardForm({ years, onCreated }: { years: readonly number[]; onCreated: (year: number) => void }) {
  const id = useId();
  const { create } = useBoardMutations();
  const [year, setYear] = useState(() => String(Math.max(new Date().getFullYear(), (years[0] ?? 0) + 1)));
  // Once New board was pressed, the year is checked again as it is typed.
  const [checking, setChecking] = useState(false);
  const problem = checking ? yearProblem(year, years) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    if (yearProblem(year, years) !== undefined) return;
    create.mutate(Number(year.trim()), { onSuccess: (board) => onCreated(board.year) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3" aria-label="New board">
      <InputField
        id={`${id}-year`}
        label="Year of the new board"
        inputMode="numeric"
        value={year}
        onChange={(event) => {
          setYear(event.target.value);
          create.reset();
        }}
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

type BoardEditorProps = {
  board: EditorBoard;
  movies: ReadonlyMap<string, EditorMovie>;
  tmdb: boolean;
  /** Counts New board / Open {year}: each brings the editor into view and focuses its heading. */
  reveal: number;
};

function BoardEditor({ board, movies, tmdb, reveal }: BoardEditorProps) {
  const { setSlots, publish, unpublish, remove, remember } = useBoardMutations();
  const phone = useMediaQuery(PHONE_QUERY);
  const [selected, setSelected] = useState<number | null>(null);
  /** Counts the squares opened by a click or Enter: each brings the open square's panel into view (wider screens). */
  const [opened, setOpened] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<MovieEditing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelBox = useRef<HTMLElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const squares = useRef(new Map<number, HTMLButtonElement>());
  const locked = board.status === 'published';
  const onBoard = useMemo(() => new Set(board.slots.filter((id) => id !== null)), [board.slots]);
  const missing = squaresLeft(board.slots);
  const failure = [setSlots, publish, unpublish, remove].find((mutation) => mutation.isError)?.error;
  const missingId = `publish-missing-${board.year}`;

  useEffect(() => {
    if (reveal === 0) return;
    bringIntoView(heading.current, heading.current, 'start');
  }, [reveal]);

  useEffect(() => {
    // On a phone the bottom sheet (a modal dialog) takes the focus itself.
    if (opened === 0 || phone) return;
    bringIntoView(panelBox.current, panelHeading.current, 'nearest');
  }, [opened, phone]);

  const reorder = (slots: (string | null)[]) => {
    setNotice(null);
    // A refusal to publish named the squares that were empty then: the squares changed.
    publish.reset();
    setSlots.mutate({ year: board.year, slots });
  };
  const choose = (position: number, movieId: string | null) => {
    const slots = [...board.slots];
    slots[position] = movieId;
    reorder(slots);
  };
  const open = (position: number) => {
    setSelected(position);
    setOpened((count) => count + 1);
  };
  /** Closes the open square and gives the focus back to it (after the sheet, which makes the page inert, is gone). */
  const close = () => {
    const square = selected === null ? undefined : squares.current.get(selected);
    flushSync(() => setSelected(null));
    square?.focus();
  };
  /**
   * After the open square's movie was put on, cleared, added or saved (the button pressed, or the
   * movie form, is gone): on a phone the square is done, the sheet closes; beside the board the
   * panel stays and its heading, which now names the movie, takes the focus.
   */
  const afterChange = () => {
    if (phone) close();
    else panelHeading.current?.focus();
  };

  const editedMovie = editing?.kind === 'edit' ? (movies.get(editing.movieId) ?? null) : null;
  const selectedId = selected === null ? null : (board.slots[selected] ?? null);
  const selectedMovie = selectedId === null ? undefined : movies.get(selectedId);
  const panel =
    selected === null ? null : (
      <SlotPanel
        key={`${board.year}-${selected}`}
        position={selected}
        movie={selectedMovie}
        onBoard={onBoard}
        locked={locked}
        onChoose={(movie) => {
          if (movie !== null) remember(movie);
          choose(selected, movie?.id ?? null);
          afterChange();
        }}
        onAddMovie={() => setEditing({ kind: 'add', position: selected })}
        onEditMovie={(movie) => setEditing({ kind: 'edit', movieId: movie.id })}
      />
    );

  return (
    <section aria-labelledby="board-editor-heading" className="flex scroll-mt-24 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="board-editor-heading" ref={heading} tabIndex={-1} className="scroll-mt-24 text-2xl font-black">
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
              {/* Offered only for a complete board; until then the line below says which squares are left. */}
              <button
                type="button"
                className="btn-primary"
                disabled={missing !== null || publish.isPending}
                aria-describedby={missing === null ? undefined : missingId}
                onClick={() => setConfirming(true)}
              >
                Publish
              </button>
              <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => remove.mutate(board.year)}>
                Delete draft
              </button>
            </>
          )}
        </div>
      </div>
      {!locked && missing !== null && (
        <p id={missingId} className="text-sm text-slate-600 dark:text-slate-300" data-testid="squares-left">
          {missing} Fill every square to publish.
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
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="max-w-3xl lg:max-w-none">
          <BoardSlots
            year={board.year}
            slots={board.slots}
            movies={movies}
            locked={locked}
            selected={selected}
            onOpen={open}
            onMoved={(position) => setSelected((current) => (current === null ? null : position))}
            onReorder={reorder}
            buttons={squares}
          />
        </div>
        {!phone && (
          <div className="lg:sticky lg:top-24">
            {selected === null ? (
              <p className="hidden text-sm text-slate-600 lg:block dark:text-slate-300">Open a square to fill it or edit its movie.</p>
            ) : (
              <section
                ref={panelBox}
                aria-labelledby="open-square-heading"
                className="card flex scroll-mt-24 flex-col gap-3 p-4"
                data-testid="square-panel"
                onKeyDown={(event) => {
                  if (event.key !== 'Escape') return;
                  event.preventDefault();
                  close();
                }}
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 id="open-square-heading" ref={panelHeading} tabIndex={-1} className="scroll-mt-24 text-lg font-bold">
                    {slotTitle(board.year, selected, selectedMovie)}
                  </h3>
                  <button
                    type="button"
                    onClick={close}
                    className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                    aria-label={`Close ${squareName(selected)}`}
                  >
                    <Icon name="close" />
                  </button>
                </div>
                {panel}
              </section>
            )}
          </div>
        )}
      </div>
      {phone && selected !== null && (
        <Modal
          name="boardSquare"
          title={slotTitle(board.year, selected, selectedMovie)}
          open
          placement="sheet"
          onClose={() => setSelected(null)}
        >
          {panel}
        </Modal>
      )}
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
          title={editing.kind === 'add' ? `Add a movie to ${squareName(editing.position)}` : `Edit ${editedMovie?.name ?? 'movie'}`}
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
              // The form's dialog goes first: it keeps the page behind it inert.
              flushSync(() => setEditing(null));
              afterChange();
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
  const [reveal, setReveal] = useState(0);
  const show = (year: number) => {
    setChosenYear(year);
    setReveal((count) => count + 1);
  };
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
                        onClick={() => show(row.year)}
                      >
                        Open {row.year}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <NewBoardForm years={boards.map((row) => row.year)} onCreated={show} />
          </section>
          {board !== undefined && <BoardEditor key={board.year} board={board} movies={movies} tmdb={editor.data.tmdb} reveal={reveal} />}
          <Suspense fallback={null}>
            <ImportExport />
          </Suspense>
        </>
      )}
    </div>
  );
}

export { BoardsPage as Component };
