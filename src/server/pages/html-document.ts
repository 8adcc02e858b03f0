import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A page that is a whole document of its own (ui/api-reference-page.tsx, ui/test-checkout-page.tsx), as the server sends it. */
export function renderHtmlDocument(page: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
