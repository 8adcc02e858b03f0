import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorPage } from './route-error-page';

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
