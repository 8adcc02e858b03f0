import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// Boards set up through the admin API for the board stories (boards.spec.ts, organiser-boards.spec.ts).

export type Movie = { id: string; name: string; year: number };

/** The site's origin, for the API's same-origin check. */
export const origin = () => String(test.info().project.use.baseURL);

/** The movies of the published boards, Free Spaces left out (one on several boards is listed with each). */
export async function publishedMovies(request: APIRequestContext): Promise<Movie[]> {
  const response = await request.get('/data/movielist.json');
  expect(response.status()).toBe(200);
  return ((await response.json()) as Movie[]).filter((movie) => movie.name !== 'Free Space');
}

/** A draft of `year`, created through the API, with `ids` in board order around its Free Space (null = empty). */
export async function draftBoard(request: APIRequestContext, year: number, ids: (string | null)[]): Promise<void> {
  const created = await request.post('/api/admin/boards', { data: { year }, headers: { origin: origin() } });
  expect(created.status(), await created.text()).toBe(201);
  const board = (await created.json()) as { slots: (string | null)[] };
  const slots = board.slots.map((id, position) => (position === 12 ? id : (ids[position > 12 ? position - 1 : position] ?? null)));
  const put = await request.put(`/api/admin/boards/${year}/slots`, { data: { slots }, headers: { origin: origin() } });
  expect(put.status(), await put.text()).toBe(200);
}

/** The squares of `year` as the server holds them (the admins' editor state). */
export async function savedSlots(request: APIRequestContext, year: number): Promise<(string | null)[] | undefined> {
  const response = await request.get('/api/admin/boards');
  expect(response.status()).toBe(200);
  const state = (await response.json()) as { boards: { year: number; slots: (string | null)[] }[] };
  return state.boards.find((board) => board.year === year)?.slots;
}
