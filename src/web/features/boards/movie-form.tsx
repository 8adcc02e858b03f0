import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BOARD_LIMITS, MovieFieldsSchema, POSTER_TYPES, type EditorMovie, type MovieFields, type TmdbMovie } from '../../../shared/boards';
import { fieldAria, FormField, InputField, showFieldErrors } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/field-errors';
import { TmdbFinder } from './tmdb-finder';
import { useBoardMutations } from './use-board-editor';

const FIELDS = ['name', 'year', 'description', 'starDescriptionA', 'starRatingA', 'starDescriptionB', 'starRatingB', 'runtime'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
type Errors = Partial<Record<keyof Values | 'poster', string>>;

function valuesOf(movie: EditorMovie | null, year: number): Values {
  return {
    name: movie?.name ?? '',
    year: String(movie?.year ?? year),
    description: movie?.description ?? '',
    starDescriptionA: movie?.starDescriptionA ?? '',
    starRatingA: String(movie?.starRatingA ?? ''),
    starDescriptionB: movie?.starDescriptionB ?? '',
    starRatingB: String(movie?.starRatingB ?? ''),
    runtime: String(movie?.runtime ?? ''),
  };
}

/** A number typed in a field; empty or not a number is kept as the text, so the schema names the problem. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The form's values checked with the shared schema (the server checks the same). */
export function checkMovieFields(values: Values): { fields: MovieFields; errors: null } | { fields: null; errors: Errors } {
  const parsed = MovieFieldsSchema.safeParse({
    ...values,
    year: numberOf(values.year),
    starRatingA: numberOf(values.starRatingA),
    starRatingB: numberOf(values.starRatingB),
    runtime: numberOf(values.runtime),
  });
  if (parsed.success) return { fields: parsed.data, errors: null };
  return { fields: null, errors: fieldErrorsOf(parsed.error, FIELDS) };
}

const POSTER_ACCEPT = POSTER_TYPES.join(',');

function posterProblem(file: File): string | undefined {
  if (!(POSTER_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or AVIF picture.';
  if (file.size > BOARD_LIMITS.posterMaxBytes) return `The poster is too large: at most ${BOARD_LIMITS.posterMaxBytes / 1024 / 1024} MB.`;
  return undefined;
}

/** The chosen poster file and its preview URL (revoked when another file is chosen or the form closes). */
function usePosterChoice() {
  const [choice, setChoice] = useState<{ file: File; url: string } | null>(null);
  const latest = useRef(choice);
  useEffect(
    () => () => {
      if (latest.current !== null) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );
  const choose = (file: File | null) => {
    if (latest.current !== null) URL.revokeObjectURL(latest.current.url);
    const next = file === null ? null : { file, url: URL.createObjectURL(file) };
    latest.current = next;
    setChoice(next);
  };
  return { poster: choice?.file ?? null, preview: choice?.url ?? null, choose };
}

type MovieFormProps = {
  /** The movie to edit, or null for a new one. */
  movie: EditorMovie | null;
  /** A new movie's year starts as the board's year. */
  boardYear: number;
  /** Offer "Find on TMDB" (the server has TMDB_API_KEY). */
  tmdb?: boolean;
  onSaved: (movie: EditorMovie) => void;
  onCancel: () => void;
};

/** Every problem of the form: its fields (the shared schema) and the chosen poster file. */
function problemsOf(values: Values, poster: File | null): Errors {
  const posterError = poster === null ? undefined : posterProblem(poster);
  return { ...checkMovieFields(values).errors, ...(posterError === undefined ? {} : { poster: posterError }) };
}

/**
 * "Add movie" and "Edit": every field of the spec's Movie, the poster, checked before sending.
 * Once Add / Save was pressed, every field is checked again as it changes: an error goes as soon
 * as its field is fixed, and a new one shows at once.
 */
export function MovieForm({ movie, boardYear, tmdb = false, onSaved, onCancel }: MovieFormProps) {
  const id = useId();
  const { saveMovie, removePoster } = useBoardMutations();
  const [values, setValues] = useState(() => valuesOf(movie, boardYear));
  const [checking, setChecking] = useState(false);
  const { poster, preview, choose: setPoster } = usePosterChoice();
  const errors: Errors = checking ? problemsOf(values, poster) : {};
  /** The TMDB movie the fields came from: its poster is fetched by the server unless a file is chosen. */
  const [tmdbPick, setTmdbPick] = useState<{ tmdbId: number; title: string } | null>(null);

  const fillFromTmdb = (found: TmdbMovie) => {
    setValues((current) => ({
      ...current,
      name: found.title,
      year: found.year === null ? current.year : String(found.year),
      runtime: found.runtime === null ? current.runtime : String(found.runtime),
      description: found.overview,
    }));
    setTmdbPick(found.hasPoster ? { tmdbId: found.tmdbId, title: found.title } : null);
  };
  const shownPoster = preview ?? (movie !== null && !movie.poster.placeholder ? movie.poster.src : null);

  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkMovieFields(values);
    if (checked.errors !== null || (poster !== null && posterProblem(poster) !== undefined)) {
      showFieldErrors(event.currentTarget, () => setChecking(true));
      return;
    }
    saveMovie.mutate(
      { id: movie?.id ?? null, fields: checked.fields, poster, tmdbPoster: tmdbPick?.tmdbId ?? null },
      { onSuccess: onSaved },
    );
  };

  const field = (key: keyof Values, label: string, extra: { type?: string; hint?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <InputField
      id={`${id}-${key}`}
      label={label}
      name={key}
      value={values[key]}
      onChange={set(key)}
      error={errors[key]}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
    />
  );

  const failure = saveMovie.isError ? saveMovie.error : removePoster.isError ? removePoster.error : null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {tmdb && movie === null && <TmdbFinder title={values.name} year={values.year} onPick={fillFromTmdb} />}
      <fieldset disabled={saveMovie.isPending} className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Title')}
        {field('year', 'Year', { inputMode: 'numeric', hint: 'The movie’s release year.' })}
        {field('runtime', 'Runtime (minutes)', { inputMode: 'numeric' })}
        <div className="sm:col-span-2">
          <FormField id={`${id}-description`} label="Description" error={errors.description}>
            <textarea
              id={`${id}-description`}
              name="description"
              className="input min-h-24"
              value={values.description}
              onChange={set('description')}
              maxLength={BOARD_LIMITS.descriptionMax}
              {...fieldAria(`${id}-description`, { error: errors.description })}
            />
          </FormField>
        </div>
        {field('starDescriptionA', 'First rating’s caption', { hint: 'For example “Rosa’s take”.' })}
        {field('starRatingA', 'First rating (0–5, halves)', { inputMode: 'decimal' })}
        {field('starDescriptionB', 'Second rating’s caption')}
        {field('starRatingB', 'Second rating (0–5, halves)', { inputMode: 'decimal' })}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <FormField id={`${id}-poster`} label="Poster" hint="JPEG, PNG, WebP or AVIF, at most 10 MB; shown 2:3." error={errors.poster}>
            <input
              id={`${id}-poster`}
              type="file"
              accept={POSTER_ACCEPT}
              className="input"
              onChange={(event) => setPoster(event.target.files?.[0] ?? null)}
              {...fieldAria(`${id}-poster`, { hint: 'JPEG, PNG, WebP or AVIF, at most 10 MB; shown 2:3.', error: errors.poster })}
            />
          </FormField>
          {tmdbPick !== null && poster === null && (
            <p className="text-sm text-slate-600 dark:text-slate-300">The poster of {tmdbPick.title} is fetched from TMDB when you save.</p>
          )}
          <div className="flex items-end gap-3">
            {shownPoster !== null && (
              <img
                src={shownPoster}
                alt={preview !== null ? 'Preview of the chosen poster' : `Current poster of ${movie?.name ?? 'the movie'}`}
                width={80}
                height={120}
                className="aspect-[2/3] w-20 rounded object-cover"
              />
            )}
            {movie !== null && !movie.poster.placeholder && poster === null && (
              <button
                type="button"
                className="btn-secondary"
                disabled={removePoster.isPending}
                onClick={() => removePoster.mutate(movie.id)}
              >
                Remove poster
              </button>
            )}
          </div>
        </div>
      </fieldset>
      <div aria-live="polite">
        {failure !== null && (
          <p className="alert-error" role="alert">
            {errorMessage(failure, 'The movie could not be saved. Please try again shortly.')}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={saveMovie.isPending}>
          {movie === null ? 'Add movie' : 'Save movie'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
