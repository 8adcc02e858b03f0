import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMovie, replaceMoviePoster, updateMovie, type EditorMovie } from '../../../shared/boards';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { MovieForm } from './movie-form';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

// Saving refreshes the public boards store; its GET is not what these tests are about.
vi.mock('../../lib/boards-store', () => ({ refreshBoards: () => Promise.resolve() }));

const NOW = '2026-11-26T12:00:00.000Z';

/** A fictional movie (decision 150's fixtures rule). */
const ferry: EditorMovie = {
  id: '2026-the-glass-ferry',
  name: 'The Glass Ferry',
  year: 2026,
  description: 'A fictional ferry crosses a fictional bay.',
  imageURL: '/media/poster-ferry-240.webp',
  starDescriptionA: 'Rosa’s take',
  starRatingA: 4.5,
  starDescriptionB: 'Dev’s take',
  starRatingB: 3,
  runtime: 98,
  poster: { src: '/media/poster-ferry-240.webp', sources: [], placeholder: true },
  boards: [],
  freeSpace: false,
  updatedAt: NOW,
};

beforeEach(() => {
  fakeApi.reset();
});

function renderForm(movie: EditorMovie | null = null) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MovieForm movie={movie} boardYear={2026} onSaved={onSaved} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  return { onSaved, onCancel };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const problems = () => [...document.querySelectorAll('[id$="-error"]')].map((element) => element.textContent);

describe('the movie form', () => {
  it('names every problem on Add movie, sends nothing, and puts the focus on the first field to fix', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(problems()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add movie' }));
    expect(problems()).toEqual([
      'The title is required.',
      'The runtime must be a number of minutes.',
      'Ratings are numbers from 0 to 5.',
      'Ratings are numbers from 0 to 5.',
    ]);
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Title'));
    expect(fakeApi.calls).toEqual([]);
  });

  it('checks each field again as it changes once Add movie was pressed: fixed errors go, new ones show', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(field('First rating (0–5, halves)'), '4');
    await user.click(screen.getByRole('button', { name: 'Add movie' }));
    expect(screen.getByText('The title is required.')).toBeTruthy();

    await user.type(field('Title'), 'The Glass Ferry');
    expect(screen.queryByText('The title is required.')).toBeNull();
    expect(field('Title').getAttribute('aria-invalid')).toBe('false');

    await user.type(field('First rating (0–5, halves)'), '.3');
    expect(screen.getByText('Ratings go in halves (0, 0.5, 1 … 5).')).toBeTruthy();
    await user.clear(field('First rating (0–5, halves)'));
    await user.type(field('First rating (0–5, halves)'), '7');
    expect(screen.getByText('Ratings go from 0 to 5.')).toBeTruthy();
    await user.clear(field('First rating (0–5, halves)'));
    await user.type(field('First rating (0–5, halves)'), '4.5');
    await user.type(field('Second rating (0–5, halves)'), '3');
    await user.type(field('Runtime (minutes)'), '98');
    expect(problems()).toEqual([]);

    await user.clear(field('Title'));
    expect(screen.getByText('The title is required.')).toBeTruthy();
  });

  it('refuses a poster that is not a picture, and forgets the problem when a picture is chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(ferry);
    await user.upload(screen.getByLabelText('Poster'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Save movie' }));
    expect(screen.getByText('Choose a JPEG, PNG, WebP or AVIF picture.')).toBeTruthy();
    expect(fakeApi.calls).toEqual([]);
    await user.upload(
      screen.getByLabelText('Poster'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ferry.png', { type: 'image/png' }),
    );
    expect(screen.queryByText('Choose a JPEG, PNG, WebP or AVIF picture.')).toBeNull();
    expect(screen.getByRole('img', { name: 'Preview of the chosen poster' })).toBeTruthy();
  });

  it('adds a movie with the checked fields and its poster', async () => {
    const user = userEvent.setup();
    const saved = { ...ferry, poster: { ...ferry.poster, placeholder: false } };
    fakeApi.on(createMovie, () => ferry);
    fakeApi.on(replaceMoviePoster, () => saved);
    const { onSaved } = renderForm();
    await user.type(field('Title'), '  The Glass Ferry ');
    await user.clear(field('Year'));
    await user.type(field('Year'), '2025');
    await user.type(field('Runtime (minutes)'), '98');
    await user.type(field('First rating (0–5, halves)'), '4.5');
    await user.type(field('Second rating (0–5, halves)'), '0');
    await user.upload(
      screen.getByLabelText('Poster'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ferry.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add movie' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]?.[0]).toEqual(saved);
    expect(fakeApi.calls[0]).toMatchObject({
      method: 'POST',
      body: { name: 'The Glass Ferry', year: 2025, runtime: 98, starRatingA: 4.5, starRatingB: 0, description: '' },
    });
    expect(fakeApi.calls[1]).toMatchObject({ method: 'PUT', url: `/api/admin/movies/${ferry.id}/poster` });
  });

  it('edits a movie with its own values and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    fakeApi.on(updateMovie, () => {
      throw new ApiError(404, 'not_found', 'There is no such movie.');
    });
    const { onSaved, onCancel } = renderForm(ferry);
    expect((field('Title') as HTMLInputElement).value).toBe('The Glass Ferry');
    expect((field('First rating (0–5, halves)') as HTMLInputElement).value).toBe('4.5');
    await user.click(screen.getByRole('button', { name: 'Save movie' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such movie.');
    expect(fakeApi.calls[0]).toMatchObject({ method: 'PATCH', url: `/api/admin/movies/${ferry.id}` });
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
