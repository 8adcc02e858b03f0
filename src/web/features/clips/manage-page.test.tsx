import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allClips, deleteClip, myClips, updateClip, type ClipSort, type OwnedClip } from '../../../shared/clips';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render-routes';
import { CLIP_LIST_LOAD_ERROR } from './clip-notes';
import { ManagePage } from './manage-page';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

/** Fictional uploaders: Pat is the signed-in user. */
const PAT = { id: 'user-pat', name: 'Pat Placeholder' };
const ROBIN = { id: 'user-robin', name: 'Robin Sample' };

/** A fictional clip, uploaded on the 15th of month `n` of 2031. */
function clip(n: number, title: string, owner = PAT): OwnedClip {
  return {
    docID: `clip-${n}`,
    title,
    displayName: owner.name,
    ownerId: owner.id,
    timestamp: `2031-0${n}-15T10:00:00.000Z`,
    screenshotURL: `/media/shot-${n}.jpg`,
    url: `/media/video-${n}.mp4`,
  };
}

const fictionalClips = () => [
  clip(1, 'The Lantern Keeper'),
  clip(2, 'Moonlit Ferry'),
  clip(3, 'Glass Orchard'),
  clip(4, 'Paper Comet', ROBIN),
];

/** A small clips server over `store`: newest (1) or oldest (2) first, edits and deletes as the API rules them. */
function serveClips(store: OwnedClip[]) {
  const sorted = (items: OwnedClip[], sort: ClipSort) =>
    items.toSorted((a, b) => (sort === '2' ? 1 : -1) * a.timestamp.localeCompare(b.timestamp));
  const byId = (id: string | undefined) => {
    const found = store.find((candidate) => candidate.docID === id);
    if (found === undefined) throw new ApiError(404, 'not_found', 'There is no such clip.');
    return found;
  };
  fakeApi.on(myClips, ({ query }) => {
    const { sort, limit } = query as { sort: ClipSort; limit: number };
    const mine = store.filter((candidate) => candidate.ownerId === PAT.id);
    return { items: sorted(mine, sort).slice(0, limit), nextCursor: null };
  });
  fakeApi.on(allClips, ({ query }) => {
    const { sort, limit, owner } = query as { sort: ClipSort; limit: number; owner?: string };
    const matching = store.filter((candidate) => owner === undefined || candidate.ownerId === owner);
    const owners = [PAT, ROBIN].filter((person) => store.some((candidate) => candidate.ownerId === person.id));
    return { items: sorted(matching, sort).slice(0, limit), nextCursor: null, owners };
  });
  fakeApi.on(updateClip, ({ params, body }) => {
    const found = byId(params.id);
    found.title = (body as { title: string }).title;
    return found;
  });
  fakeApi.on(deleteClip, ({ params }) => {
    store.splice(store.indexOf(byId(params.id)), 1);
    return undefined;
  });
}

async function renderManagePage(path = '/manage', canSeeAll = false) {
  const page = renderRoutes([{ path: '/manage', element: <ManagePage canSeeAll={canSeeAll} /> }], path);
  await screen.findByRole('heading', { level: 1, name: 'Manage clips' });
  return page;
}

/** The titles of the cards in the list named `name`, in order. */
const titlesIn = (name = 'Your clips') =>
  within(screen.getByRole('list', { name }))
    .queryAllByTestId('clip-title')
    .map((title) => title.textContent);
/** The toast's text; its icon's ligature name comes first. */
const toastText = () => screen.getByRole('status').textContent;
const writes = () => fakeApi.calls.filter((call) => call.method !== 'GET');

describe('the Manage clips page', () => {
  beforeEach(() => fakeApi.reset());

  it('lists the signed-in user’s clips newest first, each with its uploader, date and link, and sorts them oldest first', async () => {
    serveClips(fictionalClips());
    const { user, router } = await renderManagePage();
    await waitFor(() => expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry', 'The Lantern Keeper']));
    expect(fakeApi.calls.map((call) => call.url)).toEqual(['/api/me/clips?sort=1&limit=24']);
    const [newest] = screen.getAllByTestId('clip-card');
    expect(newest?.textContent).toContain('Pat Placeholder · 15 Mar 2031');
    expect(
      within(newest ?? document.body)
        .getByRole('link', { name: 'Glass Orchard' })
        .getAttribute('href'),
    ).toBe('/clip/clip-3');
    expect(within(newest ?? document.body).getByRole('button', { name: 'Edit the title of Glass Orchard' })).toBeDefined();
    expect(within(newest ?? document.body).getByRole('button', { name: 'Copy the link to Glass Orchard' })).toBeDefined();
    expect(within(newest ?? document.body).getByRole('button', { name: 'Delete Glass Orchard' })).toBeDefined();
    // Not an admin: no "All clips", and no one else's clip.
    expect(screen.queryByRole('group', { name: 'Whose clips' })).toBeNull();
    expect(screen.queryByText('Paper Comet')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest first');
    await waitFor(() => expect(titlesIn()).toEqual(['The Lantern Keeper', 'Moonlit Ferry', 'Glass Orchard']));
    expect(router.state.location.search).toBe('?sort=2');
    expect(fakeApi.calls.at(-1)?.url).toBe('/api/me/clips?sort=2&limit=24');
  });

  it('says so when the user has not uploaded any clip', async () => {
    serveClips([clip(4, 'Paper Comet', ROBIN)]);
    await renderManagePage();
    expect(await screen.findByText('You have not uploaded any clips yet.')).toBeDefined();
    expect(titlesIn()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the clips cannot be loaded, and loads them when asked to try again', async () => {
    let failing = true;
    fakeApi.on(myClips, () => {
      if (failing) throw new ApiError(503, 'unavailable', 'Try again later.');
      return { items: [clip(2, 'Moonlit Ferry')], nextCursor: null };
    });
    const { user } = await renderManagePage();
    expect((await screen.findByRole('alert')).textContent).toContain(CLIP_LIST_LOAD_ERROR);
    expect(screen.queryByText('Loading your clips…')).toBeNull();
    expect(screen.queryByText('You have not uploaded any clips yet.')).toBeNull();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titlesIn()).toEqual(['Moonlit Ferry']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fakeApi.calls.map((call) => call.url)).toEqual(['/api/me/clips?sort=1&limit=24', '/api/me/clips?sort=1&limit=24']);
  });

  it('says the same of everyone’s clips in the admin view (not “your clips”)', async () => {
    fakeApi.on(allClips, () => {
      throw new ApiError(503, 'unavailable', 'Try again later.');
    });
    await renderManagePage('/manage?sort=1&view=all', true);
    expect((await screen.findByRole('alert')).textContent).toContain(CLIP_LIST_LOAD_ERROR);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('keeps the clips it has when the next page fails, and asks for that page again', async () => {
    let failing = true;
    fakeApi.on(myClips, ({ query }) => {
      const { cursor } = query as { cursor?: string };
      if (cursor === undefined) return { items: [clip(3, 'Glass Orchard')], nextCursor: 'page-2' };
      if (failing) throw new ApiError(503, 'unavailable', 'Try again later.');
      return { items: [clip(2, 'Moonlit Ferry')], nextCursor: null };
    });
    const { user } = await renderManagePage();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLIP_LIST_LOAD_ERROR);
    expect(titlesIn()).toEqual(['Glass Orchard']);
    // One way on after a failure: "Try again", not a second button that does the same.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fakeApi.calls.map((call) => call.url).slice(1)).toEqual([
      '/api/me/clips?sort=1&limit=24&cursor=page-2',
      '/api/me/clips?sort=1&limit=24&cursor=page-2',
    ]);
  });

  it('when reloading the list after a delete fails, keeps what it showed and asks for the whole list again', async () => {
    const store = fictionalClips();
    serveClips(store);
    const { user } = await renderManagePage();
    await waitFor(() => expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry', 'The Lantern Keeper']));
    // The list itself fails from now on; the delete still goes through.
    let failing = true;
    fakeApi.on(myClips, ({ query }) => {
      if (failing) throw new ApiError(503, 'unavailable', 'Try again later.');
      const { limit } = query as { limit: number };
      return {
        items: store
          .filter((candidate) => candidate.ownerId === PAT.id)
          .toReversed()
          .slice(0, limit),
        nextCursor: null,
      };
    });
    await user.click(screen.getByRole('button', { name: 'Delete Glass Orchard' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this clip?' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLIP_LIST_LOAD_ERROR);
    expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry', 'The Lantern Keeper']);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titlesIn()).toEqual(['Moonlit Ferry', 'The Lantern Keeper']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fakeApi.calls.at(-1)?.url).toBe('/api/me/clips?sort=1&limit=24');
  });

  it('edits a clip’s title: refuses one too short, sends the new one, closes the dialog and shows it in the list', async () => {
    serveClips(fictionalClips());
    const { user } = await renderManagePage();
    await user.click(await screen.findByRole('button', { name: 'Edit the title of Moonlit Ferry' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit title' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', 'Moonlit Ferry');

    await user.clear(title);
    await user.type(title, 'ab');
    expect(within(dialog).getByText('The title needs at least 3 characters.')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    await user.clear(title);
    await user.type(title, '  Moonlit Ferry Returns ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastText()).toBe('check_circleTitle saved: “Moonlit Ferry Returns”');
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/clips/clip-2', body: { title: 'Moonlit Ferry Returns' } }]);
    await waitFor(() => expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry Returns', 'The Lantern Keeper']));
  });

  it('deletes a clip after asking: Cancel keeps it, Delete removes it from the list', async () => {
    serveClips(fictionalClips());
    const { user } = await renderManagePage();
    await user.click(await screen.findByRole('button', { name: 'Delete Glass Orchard' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this clip?' });
    expect(within(dialog).getByText('“Glass Orchard” and its video will be deleted for good.')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Glass Orchard' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this clip?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastText()).toBe('check_circleClip “Glass Orchard” deleted');
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/clips/clip-3', body: undefined }]);
    await waitFor(() => expect(titlesIn()).toEqual(['Moonlit Ferry', 'The Lantern Keeper']));
  });

  it('shows the server’s reason when an edit or a delete is refused, keeping the dialog and the list as they were', async () => {
    serveClips(fictionalClips());
    fakeApi.on(updateClip, () => {
      throw new ApiError(403, 'forbidden', 'Only the clip’s uploader or an admin can change it.');
    });
    fakeApi.on(deleteClip, () => {
      throw new ApiError(404, 'not_found', 'There is no such clip.');
    });
    const { user } = await renderManagePage();
    await user.click(await screen.findByRole('button', { name: 'Edit the title of The Lantern Keeper' }));
    const editDialog = screen.getByRole('dialog', { name: 'Edit title' });
    await user.type(within(editDialog).getByRole('textbox', { name: 'Title' }), ' II');
    await user.click(within(editDialog).getByRole('button', { name: 'Save' }));
    expect((await within(editDialog).findByRole('alert')).textContent).toBe('Only the clip’s uploader or an admin can change it.');
    expect(within(editDialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/clips/clip-1', body: { title: 'The Lantern Keeper II' } }]);
    await user.click(within(editDialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Moonlit Ferry' }));
    const deleteDialog = screen.getByRole('dialog', { name: 'Delete this clip?' });
    await user.click(within(deleteDialog).getByRole('button', { name: 'Delete' }));
    expect((await within(deleteDialog).findByRole('alert')).textContent).toBe('There is no such clip.');
    expect(writes().at(-1)).toEqual({ method: 'DELETE', url: '/api/clips/clip-2', body: undefined });
    expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry', 'The Lantern Keeper']);
  });

  it('copies a clip’s full link to the clipboard and says so', async () => {
    serveClips(fictionalClips());
    const { user } = await renderManagePage();
    await user.click(await screen.findByRole('button', { name: 'Copy the link to Moonlit Ferry' }));
    await waitFor(() => expect(toastText()).toBe('check_circleLink copied to clipboard'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/clip/clip-2`);
  });

  it('admins: "All clips" lists everyone’s clips, filters them by owner and keeps the sort; "My clips" goes back', async () => {
    serveClips(fictionalClips());
    const { user, router } = await renderManagePage('/manage?sort=2', true);
    const whose = screen.getByRole('group', { name: 'Whose clips' });
    expect(within(whose).getByRole('button', { name: 'My clips', pressed: true })).toBeDefined();
    await waitFor(() => expect(titlesIn()).toEqual(['The Lantern Keeper', 'Moonlit Ferry', 'Glass Orchard']));
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();

    await user.click(within(whose).getByRole('button', { name: 'All clips' }));
    expect(router.state.location.search).toBe('?sort=2&view=all');
    expect(within(whose).getByRole('button', { name: 'All clips', pressed: true })).toBeDefined();
    await waitFor(() => expect(titlesIn('All clips')).toEqual(['The Lantern Keeper', 'Moonlit Ferry', 'Glass Orchard', 'Paper Comet']));
    expect(screen.getAllByTestId('clip-card')[3]?.textContent).toContain('Robin Sample · 15 Apr 2031');
    expect(fakeApi.calls.at(-1)?.url).toBe('/api/clips/all?sort=2&limit=24');
    const owner = screen.getByRole('combobox', { name: 'Owner' });
    expect(
      within(owner)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Pat Placeholder', 'Robin Sample']);

    await user.selectOptions(owner, 'Robin Sample');
    await waitFor(() => expect(titlesIn('All clips')).toEqual(['Paper Comet']));
    expect(router.state.location.search).toBe('?sort=2&view=all&owner=user-robin');
    expect(fakeApi.calls.at(-1)?.url).toBe('/api/clips/all?sort=2&limit=24&owner=user-robin');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Newest first');
    expect(router.state.location.search).toBe('?sort=1&view=all&owner=user-robin');

    await user.click(within(whose).getByRole('button', { name: 'My clips' }));
    expect(router.state.location.search).toBe('?sort=1');
    await waitFor(() => expect(titlesIn()).toEqual(['Glass Orchard', 'Moonlit Ferry', 'The Lantern Keeper']));
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();
  });
});
