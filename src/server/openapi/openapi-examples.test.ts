import { describe, expect, it } from 'vitest';
import { clipByTitle, getClip, listClips } from '../../shared/clips';
import { isRawResponse } from '../../shared/contract';
import { ERROR_CODES, ErrorBodySchema } from '../../shared/errors';
import { createCheckoutSession, getOrderBySession } from '../../shared/orders';
import { getProduct, listProducts } from '../../shared/products';
import { listStaff } from '../../shared/staff';
import { errorExample, SUCCESS_EXAMPLES } from './examples';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';

const MAIN_OPERATIONS = [listProducts, getProduct, listClips, getClip, clipByTitle, createCheckoutSession, getOrderBySession, listStaff];

describe('the API reference examples', () => {
  it('show a successful answer for each main operation, exactly as its response schema sends it', () => {
    for (const endpoint of MAIN_OPERATIONS) {
      const example = SUCCESS_EXAMPLES.get(endpoint);
      expect(example, endpoint.path).toBeDefined();
      if (isRawResponse(endpoint.response)) throw new Error(`${endpoint.path} has no JSON answer`);
      // Parsing strips keys the schema does not name: an example with a stray field would differ.
      expect(endpoint.response.parse(example), endpoint.path).toStrictEqual(example);
    }
  });

  it('word every error code as the server does, with a real message', () => {
    for (const code of ERROR_CODES) {
      const body = ErrorBodySchema.parse(errorExample(code, getClip));
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toMatch(/^…?$/);
    }
    expect(errorExample('not_found', getProduct)).toEqual({
      error: { code: 'not_found', message: 'The product is not available or something went wrong.' },
    });
  });

  it('end up in the document (success examples on the 200s, one error example per code) and on the reference page', () => {
    const document = buildOpenApiDocument([{ endpoint: getProduct, access: 'public' }], 'http://localhost:3000');
    const responses = document.paths['/api/products/{id}']?.get?.responses ?? {};
    expect(responses['200']?.content?.['application/json']?.example).toEqual(SUCCESS_EXAMPLES.get(getProduct));
    expect(responses['404']?.content?.['application/json']?.examples).toEqual({
      not_found: { value: { error: { code: 'not_found', message: 'The product is not available or something went wrong.' } } },
    });
    const page = renderDocsPage(document, '/api/docs/styles.css', '/api/openapi.json');
    expect(page).toContain('<summary>Example</summary>');
    expect(page).toContain('&quot;productCode&quot;: &quot;TEE-CLASSIC&quot;');
  });
});

describe('the API reference prose', () => {
  it('renders `code` spans as <code> after escaping, so a span cannot carry markup', () => {
    const document = buildOpenApiDocument([{ endpoint: getProduct, access: 'public' }], 'http://localhost:3000');
    const path = Object.keys(document.paths)[0] ?? '/';
    const get = document.paths[path]?.get;
    if (get === undefined) throw new Error(`${path} has no GET`);
    const page = renderDocsPage(
      { ...document, paths: { [path]: { get: { ...get, description: 'Send `limit` or `<b>x</b>` & more.' } } } },
      '/api/docs/styles.css',
      '/api/openapi.json',
    );
    expect(page).toContain('<p>Send <code>limit</code> or <code>&lt;b&gt;x&lt;/b&gt;</code> &amp; more.</p>');
    expect(page).not.toContain('`');
  });
});
