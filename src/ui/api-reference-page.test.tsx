import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiReferencePage, type ApiReferenceDocument, type ApiReferenceOperation } from './api-reference-page';

const operation = (tag: string, summary: string, extra: Partial<ApiReferenceOperation> = {}): ApiReferenceOperation => ({
  summary,
  description: '',
  tags: [tag],
  parameters: [],
  responses: { '200': { description: 'OK' } },
  ...extra,
});

const DOCUMENT: ApiReferenceDocument = {
  info: { title: 'MINGO API', description: 'Prices are `price` in dollars.' },
  paths: {
    '/': { get: operation('Pages', 'The home page') },
    '/*': { get: operation('Pages', 'Any other page') },
    '/api/products/{id}': {
      delete: operation('Products', 'Archive a product'),
      get: operation('Products', 'One product', {
        description: 'First paragraph.\n\nSend `id` or `<b>x</b>` & more.',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The product’s `id`' }],
        responses: {
          '200': {
            description: 'The product',
            content: { 'application/json': { schema: { type: 'object' }, example: { productCode: 'TEE' } } },
          },
          '404': { description: 'No such product', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      }),
    },
  },
};

/** The page as the server sends it, read back as a browser would. */
function pageOf(document: ApiReferenceDocument): Document {
  return new DOMParser().parseFromString(
    `<!doctype html>${renderToStaticMarkup(<ApiReferencePage document={document} stylesPath="/api/docs/styles.css" documentPath="/api/openapi.json" />)}`,
    'text/html',
  );
}

describe('ApiReferencePage', () => {
  it('lists the operations by tag, methods in a fixed order, each linked to its own section', () => {
    const page = pageOf(DOCUMENT);
    expect(page.title).toBe('MINGO API reference');
    expect(page.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/api/docs/styles.css');
    const links = [...page.querySelectorAll('nav[aria-label="Endpoints"] a')];
    expect(links.map((link) => link.textContent)).toEqual(['GET /', 'GET /*', 'GET /api/products/{id}', 'DELETE /api/products/{id}']);
    // `/` and `/*` get anchors of their own, and every link leads to a section.
    const targets = links.map((link) => link.getAttribute('href')?.slice(1) ?? '');
    expect(new Set(targets).size).toBe(targets.length);
    for (const id of targets) expect(page.getElementById(id)?.getAttribute('aria-labelledby')).toBe(`${id}-title`);
    expect([...page.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual(['Pages', 'Products']);
  });

  it('shows parameters, paragraphs, and the schema and example of a success only', () => {
    const section = pageOf(DOCUMENT).getElementById('get-api-products-id-');
    expect(section?.querySelector('h3')?.textContent).toBe('GET /api/products/{id}');
    expect([...(section?.querySelectorAll('tbody td') ?? [])].map((cell) => cell.textContent)).toEqual([
      'id',
      'path',
      'yes',
      'The product’s id',
    ]);
    expect([...(section?.querySelectorAll('summary') ?? [])].map((summary) => summary.textContent)).toEqual(['Schema', 'Example']);
    expect(section?.querySelector('details:last-of-type pre')?.textContent).toBe('{\n  "productCode": "TEE"\n}');
  });

  it('turns `code` spans into <code> and never lets the text carry markup', () => {
    const section = pageOf(DOCUMENT).getElementById('get-api-products-id-');
    const paragraph = [...(section?.querySelectorAll('p') ?? [])].at(-1);
    expect(paragraph?.innerHTML).toBe('Send <code>id</code> or <code>&lt;b&gt;x&lt;/b&gt;</code> &amp; more.');
    expect(section?.querySelector('b')).toBeNull();
  });
});
