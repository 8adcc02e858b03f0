import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageDescription, PageHeadTags, PageTitle, type PageHead, type Preload } from '../../ui/page-head';

/**
 * Puts the page's title, description, canonical link, Open Graph / Twitter tags and preload links
 * (ui/page-head.tsx) into index.html.
 */
export function withPageHead(indexHtml: string, head: PageHead, siteName: string, preloads: readonly Preload[] = []): string {
  const title = renderToStaticMarkup(createElement(PageTitle, { head }));
  const description = renderToStaticMarkup(createElement(PageDescription, { head }));
  const tags = renderToStaticMarkup(createElement(PageHeadTags, { head, siteName, preloads }));
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => description)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
