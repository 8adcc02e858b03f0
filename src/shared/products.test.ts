import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_CODE_PATTERN,
  PRODUCT_IMAGE_KEY_PATTERN,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_LIMITS,
  PRODUCT_PLACEHOLDER_IMAGE,
  PRODUCT_UNAVAILABLE,
  ProductCreateSchema,
  ProductIdSchema,
  ProductListQuerySchema,
  ProductLookupQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
  StaffProductSchema,
  getProduct,
  listManagedProducts,
  lookupProducts,
  productImage,
  productImageUrl,
  shopPageQuery,
} from './products';
import { present, problems } from '../../tests/support/schema-problems';

const ID_1 = '0b5c3f7e-2d4a-4c1b-9e8f-6a7b8c9d0e1f';
const ID_2 = '1c6d4a8f-3e5b-4d2c-8f9a-7b8c9d0e1f2a';
const PRICE_MESSAGE = 'Price must be a positive amount in dollars with at most two decimals';

describe('shop paging and limits', () => {
  it('asks for four products a page', () => {
    expect(shopPageQuery(3)).toStrictEqual({ page: 3, pageSize: 4 });
  });

  it('caps product images at 5 MiB', () => {
    expect(PRODUCT_LIMITS.imageMaxBytes).toBe(5_242_880);
  });

  it('takes JPEG, PNG, WebP, GIF and AVIF uploads', () => {
    expect(PRODUCT_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
  });

  it('answers a missing product with the specification text, also for an id that cannot exist', () => {
    expect(PRODUCT_UNAVAILABLE).toBe('The product is not available or something went wrong.');
    expect(getProduct.paramsNotFound).toBe(PRODUCT_UNAVAILABLE);
    expect(present(getProduct.params).safeParse({ id: ID_1 }).success).toBe(true);
    expect(present(getProduct.params).safeParse({ id: 'tee-1' }).success).toBe(false);
  });

  it('answers the cart with products, and staff with every product and the count', () => {
    const product = {
      id: ID_1,
      productName: 'Fictional Tee',
      productCode: 'TEE-1',
      description: '',
      price: 1,
      imageURL: PRODUCT_PLACEHOLDER_IMAGE,
      quantityInStock: 1,
      shirtSizes: [],
      shirtColors: [],
      vinylColors: [],
    };
    const staffProduct = { ...product, isActive: true, updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(lookupProducts.response.parse({ items: [product] })).toStrictEqual({ items: [product] });
    expect(lookupProducts.response.safeParse({ items: [{ id: ID_1 }] }).success).toBe(false);
    expect(listManagedProducts.response.parse({ items: [staffProduct], total: 1 })).toStrictEqual({ items: [staffProduct], total: 1 });
    expect(listManagedProducts.response.safeParse({ items: [staffProduct], total: 1.5 }).success).toBe(false);
  });

  it('serves images by key and shows a placeholder that exists', () => {
    expect(present(productImage.headers).parse({ 'if-none-match': '"etag"' })).toStrictEqual({ 'if-none-match': '"etag"' });
    expect(productImageUrl('abc.webp')).toBe('/api/product-images/abc.webp');
    expect(statSync(`public${PRODUCT_PLACEHOLDER_IMAGE}`).isFile()).toBe(true);
    expect(PRODUCT_PLACEHOLDER_IMAGE).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
    expect(present(productImage.params).safeParse({ key: 'k'.repeat(200) }).success).toBe(true);
    expect(present(productImage.params).safeParse({ key: 'k'.repeat(201) }).success).toBe(false);
  });
});

describe('patterns', () => {
  it.each([
    ['TEE-1', true],
    ['A', true],
    ['9_LIVES', true],
    ['-TEE', false],
    ['_TEE', false],
    ['TEE!', false],
    ['tee-1', false],
    ['TEE 1', false],
    ['', false],
  ])('product code %j: %s', (code, valid) => {
    expect(PRODUCT_CODE_PATTERN.test(code)).toBe(valid);
  });

  it.each([
    [`${ID_1}.webp`, true],
    [`${ID_1.toUpperCase()}.webp`, false],
    [`${ID_1}.png`, false],
    [`${ID_1}xwebp`, false],
    [`x${ID_1}.webp`, false],
    [`${ID_1}.webpx`, false],
    [`${ID_1.replaceAll('-', '')}.webp`, false],
    ['0b5c3f7e-2d4a-4c1b-9e8f-6a7b8c9d0e1.webp', false],
    ['0b5c3f7e-2d4-4c1b-9e8f-6a7b8c9d0e1f.webp', false],
    ['0b5c3f7-2d4a-4c1b-9e8f-6a7b8c9d0e1f.webp', false],
    ['0b5c3f7e-2d4a-4c1-9e8f-6a7b8c9d0e1f.webp', false],
    ['0b5c3f7e-2d4a-4c1b-9e8-6a7b8c9d0e1f.webp', false],
    ['0g5c3f7e-2d4a-4c1b-9e8f-6a7b8c9d0e1f.webp', false],
    ['../etc/passwd', false],
  ])('image key %j: %s', (key, valid) => {
    expect(PRODUCT_IMAGE_KEY_PATTERN.test(key)).toBe(valid);
  });

  it.each([
    [ID_1, true],
    ['tee-1', false],
  ])('product id %j: %s', (id, valid) => {
    expect(ProductIdSchema.safeParse(id).success).toBe(valid);
  });
});

describe('product answers', () => {
  const product = {
    id: ID_1,
    productName: 'Fictional Tee',
    productCode: 'TEE-1',
    description: '',
    price: 19.99,
    imageURL: PRODUCT_PLACEHOLDER_IMAGE,
    quantityInStock: 0,
    shirtSizes: ['S'],
    shirtColors: [],
    vinylColors: [],
  };

  it.each([
    ['none in stock', 0, true],
    ['a negative stock', -1, false],
    ['a fractional stock', 1.5, false],
  ])('%s is valid: %s', (_case, quantityInStock, valid) => {
    expect(ProductSchema.safeParse({ ...product, quantityInStock }).success).toBe(valid);
  });

  it('shows staff whether a product is archived, and the shop not', () => {
    const staffProduct = { ...product, isActive: false, updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(StaffProductSchema.parse(staffProduct)).toStrictEqual(staffProduct);
    expect(ProductSchema.parse(staffProduct)).toStrictEqual(product);
    expect(StaffProductSchema.safeParse({ ...staffProduct, isActive: undefined }).success).toBe(false);
    expect(StaffProductSchema.safeParse({ ...staffProduct, updatedAt: undefined }).success).toBe(false);
  });
});

describe('ProductListQuerySchema', () => {
  it.each([
    ['nothing', {}, {}],
    ['a page', { page: '3' }, { page: 3 }],
    ['a page past the end (clamped later)', { page: '-4' }, { page: -4 }],
    ['the smallest page size', { pageSize: '1' }, { pageSize: 1 }],
    ['the largest page size', { pageSize: '48' }, { pageSize: 48 }],
  ])('takes %s', (_case, query, expected) => {
    expect(ProductListQuerySchema.parse(query)).toStrictEqual(expected);
  });

  it.each([
    ['a page size of 0', { pageSize: '0' }],
    ['a page size of 49', { pageSize: '49' }],
    ['a fractional page', { page: '1.5' }],
    ['an unknown field', { sort: 'price' }],
  ])('refuses %s', (_case, query) => {
    expect(ProductListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('ProductLookupQuerySchema', () => {
  it.each([
    ['one id', ID_1, [ID_1]],
    ['two ids', `${ID_1},${ID_2}`, [ID_1, ID_2]],
    ['repeated ids and empty entries', `,${ID_1},,${ID_2},${ID_1},`, [ID_1, ID_2]],
    ['nothing', '', []],
    ['50 copies of one id', Array.from({ length: 51 }, () => ID_1).join(','), [ID_1]],
  ])('reads %s', (_case, ids, expected) => {
    expect(ProductLookupQuerySchema.parse({ ids })).toStrictEqual({ ids: expected });
  });

  it('takes 50 different ids, not 51', () => {
    const ids = (count: number) =>
      Array.from({ length: count }, (_, index) => `${String(index).padStart(8, '0')}-2d4a-4c1b-9e8f-6a7b8c9d0e1f`).join(',');
    expect(ProductLookupQuerySchema.safeParse({ ids: ids(50) }).success).toBe(true);
    expect(ProductLookupQuerySchema.safeParse({ ids: ids(51) }).success).toBe(false);
  });

  it.each([
    ['an id that is no UUID', { ids: `${ID_1},tee-1` }],
    ['ids separated by spaces', { ids: `${ID_1} ${ID_2}` }],
    ['no ids field', {}],
    ['an unknown field', { ids: ID_1, page: '1' }],
  ])('refuses %s', (_case, query) => {
    expect(ProductLookupQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('ProductCreateSchema', () => {
  const input = { productName: 'Fictional Tee', productCode: 'TEE-1', price: 19.99, quantityInStock: 5 };

  it('stores integer cents, an upper-case code and normalised options, in its own field names', () => {
    expect(
      ProductCreateSchema.parse({
        productName: '  Fictional Tee ',
        productCode: ' tee-1 ',
        description: ' Soft.\nWarm. ',
        price: '19.90',
        quantityInStock: ' 12 ',
        shirtSizes: 'S, M,,L, S',
        shirtColors: [' Red ', 'Blue, Navy'],
        vinylColors: '',
      }),
    ).toStrictEqual({
      name: 'Fictional Tee',
      code: 'TEE-1',
      description: 'Soft.\nWarm.',
      priceCents: 1990,
      stock: 12,
      shirtSizes: ['S', 'M', 'L'],
      shirtColors: ['Red', 'Blue, Navy'],
      vinylColors: [],
    });
  });

  it('defaults the description and the option lists to empty', () => {
    expect(ProductCreateSchema.parse(input)).toStrictEqual({
      name: 'Fictional Tee',
      code: 'TEE-1',
      description: '',
      priceCents: 1999,
      stock: 5,
      shirtSizes: [],
      shirtColors: [],
      vinylColors: [],
    });
  });

  it.each([
    ['a price of one cent', { price: 0.01 }, 1],
    ['the highest price', { price: 100_000 }, 10_000_000],
    ['a price as text', { price: ' 7 ' }, 700],
  ])('takes %s', (_case, change, priceCents) => {
    expect(ProductCreateSchema.parse({ ...input, ...change }).priceCents).toBe(priceCents);
  });

  it.each([
    ['a code of 2 characters', { productCode: 'ab' }, 'AB'],
    ['a code of 32 characters', { productCode: 'c'.repeat(32) }, 'C'.repeat(32)],
    ['a code with an underscore', { productCode: 'tee_1' }, 'TEE_1'],
  ])('takes %s', (_case, change, code) => {
    expect(ProductCreateSchema.parse({ ...input, ...change }).code).toBe(code);
  });

  it.each([
    ['a stock of 0', 0, 0],
    ['the largest stock', 100_000, 100_000],
    ['a stock as text', '42', 42],
  ])('takes %s', (_case, quantityInStock, stock) => {
    expect(ProductCreateSchema.parse({ ...input, quantityInStock }).stock).toBe(stock);
  });

  it.each([
    ['no name', { productName: undefined }, ['Invalid input: expected string, received undefined']],
    ['a blank name', { productName: '   ' }, ['Name is required']],
    ['a name of 80 characters', { productName: 'n'.repeat(80) }, []],
    ['a name of 81 characters', { productName: 'n'.repeat(81) }, ['Too big: expected string to have <=80 characters']],
    ['a name over two lines', { productName: 'Fictional\nTee' }, ['must be a single line']],
    ['a code of 1 character', { productCode: ' a ' }, ['Code must be at least 2 characters']],
    ['a code of 33 characters', { productCode: 'c'.repeat(33) }, ['Too big: expected string to have <=32 characters']],
    ['a code with a space', { productCode: 'tee 1' }, ['Code may only hold letters, digits, - and _']],
    ['a code starting with a dash', { productCode: '-tee' }, ['Code may only hold letters, digits, - and _']],
    ['a description of 2000 characters', { description: 'd'.repeat(2000) }, []],
    ['a description of 2001 characters', { description: 'd'.repeat(2001) }, ['Too big: expected string to have <=2000 characters']],
    ['a description with a control character', { description: 'Soft\u0000' }, ['must not contain control characters']],
    ['a price of 0', { price: 0 }, [PRICE_MESSAGE]],
    ['a negative price', { price: -1 }, [PRICE_MESSAGE]],
    ['a price of three decimals', { price: '1.234' }, [PRICE_MESSAGE]],
    ['a price one cent over the highest', { price: 100_000.01 }, [PRICE_MESSAGE]],
    ['a price that is no number', { price: 'ten' }, [PRICE_MESSAGE]],
    ['a fractional stock', { quantityInStock: 1.5 }, ['Stock must be a whole number']],
    ['a fractional stock as text', { quantityInStock: '7.5' }, ['Stock must be a whole number']],
    ['a negative stock', { quantityInStock: -1 }, ['Stock must be a whole number']],
    ['a stock with a unit', { quantityInStock: '12pcs' }, ['Stock must be a whole number']],
    ['a stock after a sign', { quantityInStock: '+12' }, ['Stock must be a whole number']],
    ['an empty stock', { quantityInStock: '' }, ['Stock must be a whole number']],
    ['a stock over the largest', { quantityInStock: 100_001 }, ['Too big: expected number to be <=100000']],
    ['an option of 40 characters', { shirtSizes: 'x'.repeat(40) }, []],
    ['an option of 41 characters', { shirtSizes: 'x'.repeat(41) }, ['Options can be at most 40 characters']],
    ['an option over two lines', { vinylColors: ['Red\nBlue'] }, ['must be a single line']],
    ['20 options', { shirtColors: Array.from({ length: 20 }, (_, index) => `c${index}`) }, []],
    ['21 options', { shirtColors: Array.from({ length: 21 }, (_, index) => `c${index}`) }, ['Too big: expected array to have <=20 items']],
    ['an unknown field', { isActive: true }, ['Unrecognized key: "isActive"']],
  ])('%s', (_case, change, expected) => {
    expect(problems(ProductCreateSchema, { ...input, ...change })).toEqual(expected);
  });
});

describe('field problems', () => {
  it.each([
    ['price', { price: 0 }, PRICE_MESSAGE],
    ['quantityInStock', { quantityInStock: 'many' }, 'Stock must be a whole number'],
  ])('name the field %s in a custom issue', (field, change, message) => {
    const result = ProductCreateSchema.safeParse({ productName: 'Tee', productCode: 'TEE', price: 1, quantityInStock: 1, ...change });
    expect(result.error?.issues.map((issue) => ({ code: issue.code, path: issue.path, message: issue.message }))).toStrictEqual([
      { code: 'custom', path: [field], message },
    ]);
  });
});

describe('ProductUpdateSchema', () => {
  it.each([
    ['the name', { productName: ' New Tee ' }, { name: 'New Tee' }],
    ['the code', { productCode: 'new-1' }, { code: 'NEW-1' }],
    ['the description', { description: '' }, { description: '' }],
    ['the price', { price: 5 }, { priceCents: 500 }],
    ['the stock', { quantityInStock: 0 }, { stock: 0 }],
    ['the shirt sizes', { shirtSizes: 'S,M' }, { shirtSizes: ['S', 'M'] }],
    ['the shirt colours', { shirtColors: [] }, { shirtColors: [] }],
    ['the vinyl colours', { vinylColors: 'Black' }, { vinylColors: ['Black'] }],
    ['archiving', { isActive: false }, { isActive: false }],
    ['unarchiving', { isActive: true }, { isActive: true }],
  ])('changes only %s', (_case, body, expected) => {
    expect(ProductUpdateSchema.parse(body)).toStrictEqual(expected);
  });

  it.each([
    ['nothing', {}, ['Nothing to update']],
    ['a blank name', { productName: ' ' }, ['Name is required']],
    ['a price of 0', { price: 0 }, [PRICE_MESSAGE]],
    ['an archive flag as text', { isActive: 'false' }, ['Invalid input: expected boolean, received string']],
    ['an unknown field', { productName: 'Tee', imageURL: '/x.png' }, ['Unrecognized key: "imageURL"']],
  ])('refuses %s', (_case, body, expected) => {
    expect(problems(ProductUpdateSchema, body)).toEqual(expected);
  });
});
