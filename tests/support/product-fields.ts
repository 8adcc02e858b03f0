import type { ProductFields } from '../../src/shared/products';

/** A plain product (no options, $10, 10 in stock) for tests that create their own catalogue. */
export function productFields(code: string, overrides: Partial<ProductFields> = {}): ProductFields {
  return {
    name: `Product ${code}`,
    code,
    description: '',
    priceCents: 1000,
    stock: 10,
    shirtSizes: [],
    shirtColors: [],
    vinylColors: [],
    ...overrides,
  };
}
