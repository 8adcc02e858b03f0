// Validators for what the first page reads before it can render: the session answer, the movie
// list, the values kept in localStorage (theme, seen list, cart) and the API's error answer (so
// api-client.ts evaluates no zod either). They are tiny hand-written twins of zod schemas, so zod
// (~24 KiB gzip, even zod/mini shares its core with full zod in the bundle) loads only with the
// routes and actions that use the rest of the contract. The shared definitions in src/shared stay
// the one contract: first-load-schemas.test.ts checks that these twins accept and refuse exactly
// what the shared schemas do, with the same output and types. The shop's product twins live in
// features/shop/first-load-products.ts (decision 183).

import type { z } from 'zod';
import type { Endpoint } from '../../shared/contract';

type Parsed<T> = { success: true; data: T } | { success: false };

/** The part of a zod schema the app uses: `safeParse` and `parse`. */
export type Validator<T> = {
  safeParse: (data: unknown) => Parsed<T>;
  parse: (data: unknown) => T;
};
export type Infer<V> = V extends Validator<infer T> ? T : never;

const FAIL = { success: false } as const;

function validator<T>(check: (data: unknown) => Parsed<T>): Validator<T> {
  return {
    safeParse: check,
    parse: (data) => {
      const result = check(data);
      if (!result.success) throw new TypeError('Invalid data');
      return result.data;
    },
  };
}

const ok = <T>(data: T): Parsed<T> => ({ success: true, data });

export function string({ minLength = 0 } = {}): Validator<string> {
  return validator((data) => (typeof data === 'string' && data.length >= minLength ? ok(data) : FAIL));
}

export function number({ int = false, min = -Infinity, max = Infinity, halves = false } = {}): Validator<number> {
  return validator((data) =>
    typeof data === 'number' &&
    Number.isFinite(data) &&
    (!int || Number.isInteger(data)) &&
    data >= min &&
    data <= max &&
    (!halves || Number.isInteger(data * 2))
      ? ok(data)
      : FAIL,
  );
}

export function boolean(): Validator<boolean> {
  return validator((data) => (typeof data === 'boolean' ? ok(data) : FAIL));
}

export function literals<const T extends readonly string[]>(values: T): Validator<T[number]> {
  return validator((data) => ((values as readonly unknown[]).includes(data) ? ok(data as T[number]) : FAIL));
}

export function nullable<T>(inner: Validator<T>): Validator<T | null> {
  return validator((data) => (data === null ? ok(null) : inner.safeParse(data)));
}

export function array<T>(item: Validator<T>, { length }: { length?: number } = {}): Validator<T[]> {
  return validator((data) => {
    if (!Array.isArray(data) || (length !== undefined && data.length !== length)) return FAIL;
    const out: T[] = [];
    for (const element of data) {
      const parsed = item.safeParse(element);
      if (!parsed.success) return FAIL;
      out.push(parsed.data);
    }
    return ok(out);
  });
}

/** The first validator that accepts the data (zod's `z.union`). */
export function union<A, B>(first: Validator<A>, second: Validator<B>): Validator<A | B> {
  return validator<A | B>((data) => {
    const parsed = first.safeParse(data);
    return parsed.success ? parsed : second.safeParse(data);
  });
}

/** `inner`'s output passed through `map` (zod's `.transform`); `map` refuses with undefined. */
export function transform<T, U>(inner: Validator<T>, map: (value: T) => U | undefined): Validator<U> {
  return validator((data) => {
    const parsed = inner.safeParse(data);
    if (!parsed.success) return FAIL;
    const mapped = map(parsed.data);
    return mapped === undefined ? FAIL : ok(mapped);
  });
}

/** Anything (zod's `z.unknown()`). */
export function unknown(): Validator<unknown> {
  return validator(ok);
}

type Optional<T> = Validator<T | undefined> & { optional: true };

/** A field that may be missing (zod's `.optional()`): a missing key stays missing in the output. */
export function optional<T>(inner: Validator<T>): Optional<T> {
  return { ...validator((data) => (data === undefined ? ok(undefined) : inner.safeParse(data))), optional: true };
}

type Shape = Record<string, Validator<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] };
type ObjectOf<S extends Shape> = Flat<{ [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }>;

function checkObject<S extends Shape>(shape: S, loose: boolean): (data: unknown) => Parsed<ObjectOf<S>> {
  // Listed once, not on every object read (the boards are 200 movies, read at every first load).
  const fields = Object.entries(shape);
  return (data) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return FAIL;
    const input = data as Record<string, unknown>;
    const out: Record<string, unknown> = loose ? { ...input } : {};
    for (const [key, field] of fields) {
      if ('optional' in field && !(key in input)) continue;
      const parsed = field.safeParse(input[key]);
      if (!parsed.success) return FAIL;
      out[key] = parsed.data;
    }
    return ok(out as ObjectOf<S>);
  };
}

/** An object with exactly the shape's keys in its output (unknown keys dropped, as zod's default). */
export function object<S extends Shape>(shape: S): Validator<ObjectOf<S>> {
  return validator(checkObject(shape, false));
}

/** An object that keeps unknown keys (zod's `.loose()`). */
export function looseObject<S extends Shape>(shape: S): Validator<ObjectOf<S> & { [key: string]: unknown }> {
  return validator(checkObject(shape, true));
}

// --- the first-load twins

/**
 * A shared endpoint's first-load twin: its method and path (the twin's test checks them) with a
 * first-load validator of its answer. `callApi` takes it in place of the shared endpoint, typed by it.
 */
export type FirstLoadEndpoint<E extends Endpoint> = {
  method: E['method'];
  path: string;
  response: Validator<E['response'] extends z.ZodType ? z.infer<E['response']> : never>;
  /** Never set: carries the shared endpoint's type, which types the call's options. */
  contract?: E;
};

/** `ErrorBodySchema` of src/shared/errors.ts: every error answer of the API. */
export const ErrorBodySchema = object({
  error: object({ code: string(), message: string(), details: optional(unknown()) }),
});

export const SessionUserSchema = object({
  id: string(),
  name: string(),
  email: string(),
  role: literals(['admin', 'staff']),
});

/** `getSession.response` of src/shared/auth.ts; its path is `getSession.path` (checked by the test). */
export const GET_SESSION_PATH = '/api/auth/get-session';
export const SessionAnswerSchema = nullable(object({ user: SessionUserSchema }));

const starRating = number({ min: 0, max: 5, halves: true });

const movieFields = {
  id: string({ minLength: 1 }),
  name: string({ minLength: 1 }),
  year: number({ int: true }),
  description: string(),
  imageURL: string({ minLength: 1 }),
  starDescriptionA: string(),
  starRatingA: starRating,
  starDescriptionB: string(),
  starRatingB: starRating,
  runtime: number({ int: true, min: 0 }),
};

/** `MovieListSchema` of src/shared/content.ts. */
export const MovieListSchema = array(object(movieFields));

/** `HowToPlayListSchema` of src/shared/content.ts: About's tiles (/data/how-to-play.json). */
export const HowToPlayListSchema = array(
  object({ id: string({ minLength: 1 }), title: string({ minLength: 1 }), description: string(), imageURL: string({ minLength: 1 }) }),
);

/** `listBoards.path` of src/shared/boards.ts (checked by the test). */
export const BOARDS_PATH = '/api/boards';

/** A board's squares; `BOARD_SIZE` of src/domain/boards.ts (checked by the test). */
const BOARD_SQUARES = 25;

const PosterSchema = object({
  src: string(),
  sources: array(object({ type: string(), srcset: string() })),
  placeholder: boolean(),
});

/** `PublicBoardListSchema` of src/shared/boards.ts: every published board, newest year first. */
export const PublicBoardListSchema = object({
  items: array(
    object({
      year: number({ int: true }),
      publishedAt: string(),
      movies: array(object({ ...movieFields, poster: PosterSchema }), { length: BOARD_SQUARES }),
    }),
  ),
});
