import { describe, expect, it } from 'vitest';
import type { PageHead } from '../../ui/page-head';
import { withPageHead } from './html-head';

const INDEX = '<!doctype html><html><head><title>x</title><meta name="description" content="y" /></head><body></body></html>';
const HEAD: PageHead = {
  title: 'MINGO DB | MINGO',
  description: 'Every movie',
  image: { url: 'https://mingo.example/icons/icon-512.png', alt: 'MINGO logo' },
  card: 'summary',
  type: 'website',
};

/** Each preload link's attributes as the HTML writes them (names lower-cased, as a browser reads them; values still escaped). */
const links = (html: string) =>
  [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((match) =>
    Object.fromEntries(
      [...match[0].matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].slice(1).map((attribute) => [attribute[1]?.toLowerCase(), attribute[2] ?? '']),
    ),
  );

describe('withPageHead', () => {
  it("replaces index.html's title and description and adds the page's tags before </head>, escaped", () => {
    const html = withPageHead(INDEX, { ...HEAD, title: 'Ana & "Ben"', url: 'https://mingo.example/db?a=1&b=2' }, 'MINGO');
    expect(html).toContain('<title>Ana &amp; &quot;Ben&quot;</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Every movie"/>');
    expect(html).not.toContain('content="y"');
    expect(html).toContain('<link rel="canonical" href="https://mingo.example/db?a=1&amp;b=2"/>');
    expect(html).toContain('<meta property="og:title" content="Ana &amp; &quot;Ben&quot;"/>');
    expect(html).toMatch(/<meta name="twitter:image" content="https:\/\/mingo\.example\/icons\/icon-512\.png"\/>\n {2}<\/head>/);
  });
});

describe('withPageHead preloads', () => {
  it('names the <source> a responsive picture shows, so the browser fetches the rendition the page picks', () => {
    const html = withPageHead(INDEX, HEAD, 'MINGO', [
      {
        href: '/posters/2025-a.svg',
        as: 'image',
        source: {
          type: 'image/webp',
          srcset: '/posters/2025-a-160.webp 160w, /posters/2025-a-320.webp 320w',
          sizes: '(min-width: 40rem) 9rem, 7rem',
        },
      },
    ]);
    expect(links(html)).toEqual([
      {
        rel: 'preload',
        as: 'image',
        href: '/posters/2025-a.svg',
        type: 'image/webp',
        imagesrcset: '/posters/2025-a-160.webp 160w, /posters/2025-a-320.webp 320w',
        imagesizes: '(min-width: 40rem) 9rem, 7rem',
        fetchpriority: 'high',
      },
    ]);
  });

  it('keeps a plain picture and an API answer as they are, and escapes what it writes', () => {
    const html = withPageHead(INDEX, HEAD, 'MINGO', [
      { href: '/api/products?page=1&pageSize=4', as: 'fetch' },
      { href: '/a".png', as: 'image', source: { type: 'image/avif', srcset: '/a"1.avif 1w', sizes: '1px' } },
    ]);
    expect(links(html)).toEqual([
      { rel: 'preload', as: 'fetch', href: '/api/products?page=1&amp;pageSize=4', crossorigin: '', fetchpriority: 'high' },
      {
        rel: 'preload',
        as: 'image',
        href: '/a&quot;.png',
        type: 'image/avif',
        imagesrcset: '/a&quot;1.avif 1w',
        imagesizes: '1px',
        fetchpriority: 'high',
      },
    ]);
  });
});
