import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createBoard,
  createMovie,
  deleteBoard,
  exportBoards,
  getBoardEditor,
  getTmdbMovie,
  POSTER_FIELD,
  publishBoard,
  removeMoviePoster,
  replaceMoviePoster,
  searchMovies,
  searchTmdb,
  unpublishBoard,
  updateBoardSlots,
  updateMovie,
  type BoardEditorState,
  type EditorBoard,
  type EditorMovie,
  type MovieFields,
} from '../../../shared/boards';
import { callApi } from '../../lib/api-client';
import { refreshBoards } from '../../lib/boards-store';

const EDITOR_KEY = ['board-editor'] as const;
const SEARCH_KEY = ['board-editor', 'movie-search'] as const;
const SLOTS_KEY = ['board-editor', 'slots'] as const;

/** Everything the Boards page shows: every board (drafts too), their movies, whether TMDB is on. */
export function useBoardEditor() {
  return useQuery({ queryKey: EDITOR_KEY, queryFn: ({ signal }) => callApi(getBoardEditor, { signal }) });
}

/** Movies whose title contains `query` (the slot picker's search). */
export function useMovieSearch(query: string) {
  return useQuery({
    queryKey: [...SEARCH_KEY, query],
    queryFn: ({ signal }) => callApi(searchMovies, { query: { q: query, limit: 20 }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** Puts a board the server answered with into the cached editor state (no refetch needed). */
function withBoard(state: BoardEditorState | undefined, board: EditorBoard): BoardEditorState | undefined {
  if (state === undefined) return state;
  const boards = state.boards.some((other) => other.year === board.year)
    ? state.boards.map((other) => (other.year === board.year ? board : other))
    : [...state.boards, board].sort((a, b) => b.year - a.year);
  return { ...state, boards };
}

function withMovie(state: BoardEditorState | undefined, movie: EditorMovie): BoardEditorState | undefined {
  if (state === undefined) return state;
  const movies = state.movies.some((other) => other.id === movie.id)
    ? state.movies.map((other) => (other.id === movie.id ? movie : other))
    : [...state.movies, movie];
  return { ...state, movies };
}

/** A movie to save: its fields, and a poster file or a TMDB movie whose poster the server fetches. */
type SaveMovieInput = { id: string | null; fields: MovieFields; poster: File | null; tmdbPoster?: number | null };

/** TMDB look-up for the movie form (only offered when the server has TMDB_API_KEY). */
export function searchTmdbMovies(query: string, year: number | undefined) {
  return callApi(searchTmdb, { query: year === undefined ? { query } : { query, year } });
}

export function fetchTmdbMovie(tmdbId: number) {
  return callApi(getTmdbMovie, { params: { tmdbId } });
}

/** The board and movie writes of the Boards page. Each keeps the cached editor state current. */
export function useBoardMutations() {
  const client = useQueryClient();
  const setBoard = (board: EditorBoard) => client.setQueryData<BoardEditorState>(EDITOR_KEY, (state) => withBoard(state, board));
  const setMovie = (movie: EditorMovie) => {
    client.setQueryData<BoardEditorState>(EDITOR_KEY, (state) => withMovie(state, movie));
    void client.invalidateQueries({ queryKey: SEARCH_KEY });
  };
  /** Whether the save whose answer is being handled is the only one left (it still counts as pending). */
  const lastSave = () => client.isMutating({ mutationKey: SLOTS_KEY }) <= 1;
  const refetchAll = async () => {
    await client.invalidateQueries({ queryKey: EDITOR_KEY });
    await refreshBoards();
  };

  return {
    /** A movie found by the search, put on a board: the squares show it before the server answers. */
    remember: (movie: EditorMovie) => client.setQueryData<BoardEditorState>(EDITOR_KEY, (state) => withMovie(state, movie)),
    create: useMutation({ mutationFn: (year: number) => callApi(createBoard, { body: { year } }), onSuccess: setBoard }),
    setSlots: useMutation({
      mutationKey: SLOTS_KEY,
      // One save at a time, in the order the moves were made: two quick moves sent side by side
      // could reach the server in the other order and leave the first one's squares saved.
      scope: { id: 'board-slots' },
      mutationFn: ({ year, slots }: { year: number; slots: (string | null)[] }) =>
        callApi(updateBoardSlots, { params: { year }, body: { slots } }),
      // The new order shows at once. The server's answer is shown once no later move waits to be
      // saved: until then the later move's order stands. After a refusal the order before shows,
      // then the server's: a later save carried the refused move's squares too, so only the
      // server knows which of them were kept.
      onMutate: ({ year, slots }) => {
        const previous = client.getQueryData<BoardEditorState>(EDITOR_KEY);
        const board = previous?.boards.find((other) => other.year === year);
        if (board !== undefined) setBoard({ ...board, slots });
        return { previous };
      },
      onError: async (_error, _variables, context) => {
        if (!lastSave()) return;
        if (context?.previous !== undefined) client.setQueryData(EDITOR_KEY, context.previous);
        await client.invalidateQueries({ queryKey: EDITOR_KEY });
      },
      onSuccess: (board) => {
        if (lastSave()) setBoard(board);
      },
    }),
    publish: useMutation({
      mutationFn: (year: number) => callApi(publishBoard, { params: { year } }),
      onSuccess: async (board) => {
        setBoard(board);
        await refreshBoards();
      },
    }),
    unpublish: useMutation({
      mutationFn: (year: number) => callApi(unpublishBoard, { params: { year } }),
      onSuccess: async (board) => {
        setBoard(board);
        await refreshBoards();
      },
    }),
    remove: useMutation({
      mutationFn: (year: number) => callApi(deleteBoard, { params: { year } }),
      onSuccess: refetchAll,
    }),
    saveMovie: useMutation({
      mutationFn: async ({ id, fields, poster, tmdbPoster = null }: SaveMovieInput) => {
        let movie =
          id === null ? await callApi(createMovie, { body: fields }) : await callApi(updateMovie, { params: { id }, body: fields });
        if (poster !== null) movie = await uploadPoster(movie.id, poster);
        else if (tmdbPoster !== null) movie = await callApi(replaceMoviePoster, { params: { id: movie.id }, body: { tmdbId: tmdbPoster } });
        return movie;
      },
      onSuccess: async (movie) => {
        setMovie(movie);
        await refreshBoards();
      },
    }),
    removePoster: useMutation({
      mutationFn: (id: string) => callApi(removeMoviePoster, { params: { id } }),
      onSuccess: async (movie) => {
        setMovie(movie);
        await refreshBoards();
      },
    }),
  };
}

function uploadPoster(id: string, file: File): Promise<EditorMovie> {
  const form = new FormData();
  form.append(POSTER_FIELD, file);
  return callApi(replaceMoviePoster, { params: { id }, form });
}

/** The export file, as the server writes it (downloaded by the page). */
export function fetchExport() {
  return callApi(exportBoards);
}
