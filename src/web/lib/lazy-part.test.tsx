import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, type PartUnavailableProps } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Unavailable({ name, retry }: { name: string } & PartUnavailableProps) {
  return (
    <button type="button" onClick={retry}>
      {name}: not loaded, try again
    </button>
  );
}

/** A loader that fails its first `failures` calls (a dropped connection), then loads. */
function flakyLoader(failures: number) {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(Greeting);
  });
  return load;
}

function renderPart(load: ReturnType<typeof flakyLoader>) {
  const Part = lazyPart(load, Unavailable);
  render(
    <Suspense fallback={<p>Loading</p>}>
      <p>The rest of the page</p>
      <Part name="Ada" />
    </Suspense>,
  );
}

describe('lazyPart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the part once its code has loaded', async () => {
    const load = flakyLoader(0);
    renderPart(load);
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stands in for a part whose code failed to load, in place, with its props, and loads it again on retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = flakyLoader(1);
    renderPart(load);
    const retry = await screen.findByRole('button', { name: 'Ada: not loaded, try again' });
    expect(screen.getByText('The rest of the page')).toBeDefined();
    expect(console.warn).toHaveBeenCalledWith('A part of the page could not be loaded', expect.any(TypeError));
    fireEvent.click(retry);
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads it again when the browser comes back online, and only then', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = flakyLoader(1);
    renderPart(load);
    await screen.findByRole('button', { name: 'Ada: not loaded, try again' });
    // No loop: a failed part waits for the visitor or the connection.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stands in again when the retry fails too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = flakyLoader(2);
    renderPart(load);
    fireEvent.click(await screen.findByRole('button', { name: 'Ada: not loaded, try again' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Ada: not loaded, try again' }));
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
