import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/products';
import { shopShellProducts } from './shop-shell';

const product = (overrides: Partial<Product>): Product => ({
  id: '0b7e6f3a-9c1d-4a2b-8e5f-6d7c8b9a0f1e',
  productName: 'MINGO Tee',
  productCode: 'TEE',
  description: '',
  price: 24.99,
  imageURL: '/api/product-images/tee.webp',
  quantityInStock: 12,
  shirtSizes: ['S', 'M'],
  shirtColors: ['Black'],
  vinylColors: [],
  ...overrides,
});

describe('the static tiles of /shop', () => {
  it('shows each product as the shop card does: name, options, price and stock', () => {
    const html = shopShellProducts([
      product({}),
      product({ productName: 'Pins', price: 8, quantityInStock: 3, shirtSizes: [], shirtColors: [] }),
      product({ productName: 'Vinyl', quantityInStock: 0, shirtSizes: [], shirtColors: [], vinylColors: ['Red'] }),
    ]);
    const text = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, '|').replace(/\|+/g, '|'));
    expect(text).toEqual([
      '|MINGO Tee|2 sizes · 1 color|$24.99|In stock|',
      '|Pins|One size|$8.00|Only 3 left|',
      '|Vinyl|1 color|$24.99|Out of stock|',
    ]);
  });

  it('loads the first row of pictures at once and the rest lazily', () => {
    const html = shopShellProducts([product({}), product({}), product({}), product({})]);
    const loading = [...html.matchAll(/<img [^>]*loading="(\w+)" fetchpriority="(\w+)"/g)].map((match) => `${match[1]}/${match[2]}`);
    expect(loading).toEqual(['eager/high', 'eager/high', 'lazy/auto', 'lazy/auto']);
    expect(html).toMatch(/<img [^>]*width="800" height="800"/);
  });

  it('escapes what staff typed and paints nothing for an empty catalogue', () => {
    const html = shopShellProducts([product({ productName: '<b>"Tee" & co</b>', imageURL: '/x.webp?a=1&b="2"' })]);
    expect(html).toContain('&lt;b&gt;&quot;Tee&quot; &amp; co&lt;/b&gt;');
    expect(html).toContain('src="/x.webp?a=1&amp;b=&quot;2&quot;"');
    expect(html).not.toContain('<b>');
    expect(shopShellProducts([])).toBe('');
  });
});
