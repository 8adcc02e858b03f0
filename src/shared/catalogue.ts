// The shop's limits, page size and texts, apart from the zod contract in products.ts (which
// re-exports them): the shop's first load reads them without evaluating zod (decision 183).

/** Limits shared by the add-product form and the server. */
export const PRODUCT_LIMITS = {
  nameMax: 80,
  codeMin: 2,
  codeMax: 32,
  descriptionMax: 2000,
  /** $100,000.00: far above any merchandise, far below integer overflow. */
  priceMaxCents: 10_000_000,
  stockMax: 100_000,
  optionEntryMax: 40,
  optionEntriesMax: 20,
  imageMaxBytes: 5 * 1024 * 1024,
  pageSizeMax: 48,
  lookupIdsMax: 50,
} as const;

export const SHOP_PAGE_SIZE = 4;

/** The query of the shop's catalogue page `page` (the shop asks for it; /shop preloads page 1's). */
export const shopPageQuery = (page: number) => ({ page, pageSize: SHOP_PAGE_SIZE });

/** The one answer (spec text) for a product that is missing, archived, or whose id cannot exist. */
export const PRODUCT_UNAVAILABLE = 'The product is not available or something went wrong.';
