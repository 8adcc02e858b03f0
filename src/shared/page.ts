import { z } from 'zod';

/**
 * The envelope of a numbered page of a list (products, orders): the items, the list's total, the
 * page actually returned (the requested one clamped to 1..last page) and the page size.
 */
export function numberedPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    /** The page actually returned: the requested one clamped to 1..last page. */
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
