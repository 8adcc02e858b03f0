import { escapeMarkup } from '../../domain/markup';

/** What a page's <head> says about it to browsers, search engines and link-preview crawlers. */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute URL of the page; none for a page that does not exist (no canonical link to a 404). */
  url?: string;
  image: { url: string; width?: number; height?: number; alt: string };
  /** `summary_large_image` for pictures worth a big card (shared boards, clips). */
  card: 'summary' | 'summary_large_image';
  type: 'website' | 'video.other';
};

/**
 * What a page's largest paint needs, fetched as soon as the HTML arrives instead of after the
 * app's code has asked for it: a picture (a poster, a product picture) or the API answer the page
 * renders (`fetch`: the browser hands it to the app's own same-origin fetch of that URL).
 */
export type Preload = {
  href: string;
  as: 'image' | 'fetch';
  /**
   * A responsive picture: the `<source>` the page shows (its type, srcset and sizes), so the browser
   * preloads the rendition the page will pick, not `href` (which only browsers without
   * `imagesrcset` fetch). A browser that cannot show `type` skips the hint.
   */
  source?: { type: string; srcset: string; sizes: string };
};

function responsive({ source }: Preload): string {
  if (source === undefined) return '';
  return ` type="${escapeMarkup(source.type)}" imagesrcset="${escapeMarkup(source.srcset)}" imagesizes="${escapeMarkup(source.sizes)}"`;
}

/**
 * Puts the page's title, description, canonical link, Open Graph / Twitter tags and preload links
 * into index.html.
 */
export function withPageHead(indexHtml: string, head: PageHead, siteName: string, preloads: readonly Preload[] = []): string {
  const title = escapeMarkup(head.title);
  const description = escapeMarkup(head.description);
  const url = head.url === undefined ? undefined : escapeMarkup(head.url);
  const tags = [
    ...(url === undefined ? [] : [`<link rel="canonical" href="${url}" />`]),
    `<meta property="og:site_name" content="${escapeMarkup(siteName)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(url === undefined ? [] : [`<meta property="og:url" content="${url}" />`]),
    `<meta property="og:image" content="${escapeMarkup(head.image.url)}" />`,
    ...(head.image.width === undefined ? [] : [`<meta property="og:image:width" content="${head.image.width}" />`]),
    ...(head.image.height === undefined ? [] : [`<meta property="og:image:height" content="${head.image.height}" />`]),
    `<meta property="og:image:alt" content="${escapeMarkup(head.image.alt)}" />`,
    `<meta name="twitter:card" content="${head.card}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeMarkup(head.image.url)}" />`,
    ...preloads.map(
      (preload) =>
        `<link rel="preload" as="${preload.as}" href="${escapeMarkup(preload.href)}"${preload.as === 'fetch' ? ' crossorigin' : ''}${responsive(preload)} fetchpriority="high" />`,
    ),
  ];
  const withTitle = indexHtml.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  const withDescription = withTitle.replace(
    /<meta name="description" content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${description}" />`,
  );
  return withDescription.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
