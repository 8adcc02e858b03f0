// What a page's <head> says about it to browsers, search engines and link-preview crawlers. The
// server renders these into the built index.html for every page it answers (server/pages/html-head.ts).

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

export function PageTitle({ head }: { head: PageHead }) {
  return <title>{head.title}</title>;
}

export function PageDescription({ head }: { head: PageHead }) {
  return <meta name="description" content={head.description} />;
}

/** The canonical link, Open Graph / Twitter tags and preload links, in that order. */
export function PageHeadTags({ head, siteName, preloads = [] }: { head: PageHead; siteName: string; preloads?: readonly Preload[] }) {
  return (
    <>
      {head.url !== undefined && <link rel="canonical" href={head.url} />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={head.type} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      {head.url !== undefined && <meta property="og:url" content={head.url} />}
      <meta property="og:image" content={head.image.url} />
      {head.image.width !== undefined && <meta property="og:image:width" content={String(head.image.width)} />}
      {head.image.height !== undefined && <meta property="og:image:height" content={String(head.image.height)} />}
      <meta property="og:image:alt" content={head.image.alt} />
      <meta name="twitter:card" content={head.card} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      <meta name="twitter:image" content={head.image.url} />
      {preloads.map((preload, index) => (
        <link
          key={index}
          rel="preload"
          as={preload.as}
          href={preload.href}
          crossOrigin={preload.as === 'fetch' ? '' : undefined}
          type={preload.source?.type}
          imageSrcSet={preload.source?.srcset}
          imageSizes={preload.source?.sizes}
          fetchPriority="high"
        />
      ))}
    </>
  );
}
