import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, data, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage, withPageErrorBoundaries } from './route-error-page';

function renderFailingRoute(status: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <p>Loading…</p>,
        loader: () => {
          throw data(null, { status });
        },
        element: <p>never shown</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteErrorPage', () => {
  it("says a missing page is gone, in the specification's words", async () => {
    renderFailingRoute(404);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
    expect(screen.getByText("Looks like the page you're looking for is gone or doesn't exist.")).toBeDefined();
  });

  it('offers a retry when a page could not be loaded', async () => {
    renderFailingRoute(500);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});

describe('a page that fails', () => {
  function renderLayoutWithFailingPage(path: string, fail: () => never) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <nav aria-label="Main">navigation</nav>
              <Outlet />
            </>
          ),
          errorElement: <RouteErrorPage />,
          children: withPageErrorBoundaries([
            { index: true, element: <p>home</p> },
            { path: 'broken', Component: () => fail() },
            { path: 'gone', loader: () => fail(), element: <p>never shown</p> },
          ]),
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('says so in its own place, with the navigation still there, and the other pages still work', async () => {
    // React reports the error it caught; that report is expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderLayoutWithFailingPage('/broken', () => {
      throw new Error('a fictional failure');
    });
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(reported).toHaveBeenCalled();
    await act(() => router.navigate('/'));
    expect(await screen.findByText('home')).toBeDefined();
    reported.mockRestore();
  });

  it("answers a page's 404 in the specification's words, inside the layout", async () => {
    renderLayoutWithFailingPage('/gone', () => {
      throw data(null, { status: 404 });
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
