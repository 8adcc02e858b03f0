import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { centsToDollars } from '../../domain/format';
import { availableStock } from '../../domain/stock-reservation';
import { clampPage } from '../../domain/paging';
import {
  PRODUCT_IMAGE_KEY_PATTERN,
  PRODUCT_PLACEHOLDER_IMAGE,
  productImageUrl,
  type Product,
  type ProductChanges,
  type ProductFields,
  type StaffProduct,
} from '../../shared/products';
import type { Executor } from '../db/database';
import type { NormalisedImage } from './product-images';
import type { ProductsTable } from './product-tables';

/** A product as the server works with it: integer cents, option lists already normalised. */
export type ProductRecord = {
  id: string;
  name: string;
  code: string;
  description: string;
  priceCents: number;
  imageKey: string | null;
  /** Units on hand not sold yet: what staff see and edit. */
  stock: number;
  /** Units of `stock` held by open checkout sessions (decision 171). */
  reservedStock: number;
  shirtSizes: string[];
  shirtColors: string[];
  vinylColors: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

type ProductRow = Selectable<ProductsTable>;

function toRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    priceCents: row.price_cents,
    imageKey: row.image_key,
    stock: row.stock,
    reservedStock: row.reserved_stock,
    shirtSizes: row.shirt_sizes,
    shirtColors: row.shirt_colors,
    vinylColors: row.vinyl_colors,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a shopper can still buy: the stock not held by open checkouts. */
export function availableOf(product: Pick<ProductRecord, 'stock' | 'reservedStock'>): number {
  return availableStock(product.stock, product.reservedStock);
}

/**
 * The one mapping from a record to the wire shape (the specification's field names, dollars).
 * Shoppers see the units they can buy: reserved ones are not offered.
 */
export function toProductDto(product: ProductRecord): Product {
  return {
    id: product.id,
    productName: product.name,
    productCode: product.code,
    description: product.description,
    price: centsToDollars(product.priceCents),
    imageURL: product.imageKey === null ? PRODUCT_PLACEHOLDER_IMAGE : productImageUrl(product.imageKey),
    quantityInStock: availableOf(product),
    shirtSizes: product.shirtSizes,
    shirtColors: product.shirtColors,
    vinylColors: product.vinylColors,
  };
}

export function toStaffProductDto(product: ProductRecord): StaffProduct {
  // Staff edit the stock on hand; reserved units are part of it until their checkout ends.
  return {
    ...toProductDto(product),
    quantityInStock: product.stock,
    isActive: product.isActive,
    updatedAt: product.updatedAt.toISOString(),
  };
}

export type NewProduct = ProductFields & { imageKey?: string | null; createdAt?: Date };

/** A new product as its row. */
function newProductRow(input: NewProduct) {
  return {
    name: input.name,
    code: input.code,
    description: input.description,
    price_cents: input.priceCents,
    stock: input.stock,
    shirt_sizes: input.shirtSizes,
    shirt_colors: input.shirtColors,
    vinyl_colors: input.vinylColors,
    image_key: input.imageKey ?? null,
    ...(input.createdAt === undefined ? {} : { created_at: input.createdAt, updated_at: input.createdAt }),
  };
}

/** A stored product image's row, under a new key. */
function imageRow(image: NormalisedImage) {
  return { key: `${randomUUID()}.webp`, content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height };
}

const UNIQUE_VIOLATION = '23505';

export class DuplicateProductCodeError extends Error {
  constructor(readonly code: string) {
    super(`A product with the code ${code} already exists.`);
    this.name = 'DuplicateProductCodeError';
  }
}

function rethrowDuplicateCode(error: unknown, code: string | undefined): never {
  if (code !== undefined && (error as { code?: unknown }).code === UNIQUE_VIOLATION) {
    throw new DuplicateProductCodeError(code);
  }
  throw error;
}

function assertUnits(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`Invalid quantity ${quantity}`);
}

export type CatalogueQuery = { page: number; pageSize: number };
export type CataloguePage = { items: ProductRecord[]; total: number; page: number; pageSize: number };

/**
 * The product repository: small functions over a database handle. Build it over a transaction
 * (`db.transaction().execute((trx) => createProductRepository(trx)…)`) to take part in it, as
 * checkout does to re-read products and decrement stock.
 */
export function createProductRepository(db: Executor) {
  return {
    /** Active products in catalogue order (oldest first, then id), the page clamped to 1..last. */
    async listActive({ page, pageSize }: CatalogueQuery): Promise<CataloguePage> {
      const { total } = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('is_active', '=', true)
        .executeTakeFirstOrThrow();
      const current = clampPage(page, pageSize, total);
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('is_active', '=', true)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(pageSize)
        .offset((current - 1) * pageSize)
        .execute();
      return { items: rows.map(toRecord), total, page: current, pageSize };
    },

    /** Every product, archived ones included, in catalogue order: for staff. */
    async listAll(): Promise<ProductRecord[]> {
      const rows = await db.selectFrom('products').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toRecord);
    },

    /** A product by id, archived or not; undefined when there is none. */
    async getById(id: string): Promise<ProductRecord | undefined> {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** An active product by id; undefined when missing or archived. */
    async getActiveById(id: string): Promise<ProductRecord | undefined> {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).where('is_active', '=', true).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /**
     * The products with these ids, archived ones included (check `isActive`), keyed by id.
     * `forUpdate` locks the rows until the surrounding transaction ends.
     */
    async getProductsByIds(ids: readonly string[], options: { forUpdate?: boolean } = {}): Promise<Map<string, ProductRecord>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      let query = db.selectFrom('products').selectAll().where('id', 'in', unique).orderBy('id');
      if (options.forUpdate === true) query = query.forUpdate();
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.id, toRecord(row)]));
    },

    async create(input: NewProduct): Promise<ProductRecord> {
      try {
        const row = await db.insertInto('products').values(newProductRow(input)).returningAll().executeTakeFirstOrThrow();
        return toRecord(row);
      } catch (error) {
        return rethrowDuplicateCode(error, input.code);
      }
    },

    /** Several products in one statement (the demo catalogue): all of them, or none. */
    async createMany(inputs: readonly NewProduct[]): Promise<void> {
      if (inputs.length === 0) return;
      await db.insertInto('products').values(inputs.map(newProductRow)).execute();
    },

    /** Applies the given changes; undefined when the product does not exist. */
    async update(id: string, changes: ProductChanges & { imageKey?: string | null }): Promise<ProductRecord | undefined> {
      const columns = {
        name: changes.name,
        code: changes.code,
        description: changes.description,
        price_cents: changes.priceCents,
        stock: changes.stock,
        shirt_sizes: changes.shirtSizes,
        shirt_colors: changes.shirtColors,
        vinyl_colors: changes.vinylColors,
        is_active: changes.isActive,
        image_key: changes.imageKey,
      };
      // Kysely leaves out undefined values, so only the given columns change.
      try {
        const row = await db
          .updateTable('products')
          .set((eb) => ({ ...columns, updated_at: eb.fn('now') }))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return row === undefined ? undefined : toRecord(row);
      } catch (error) {
        return rethrowDuplicateCode(error, changes.code);
      }
    },

    /**
     * Takes `quantity` units out of stock only if that many are available (not reserved by open
     * checkouts), in one statement, so concurrent buyers can never drive stock below zero. Returns
     * the stock left, or undefined when the product is missing or has fewer units available.
     */
    async decrementStock(id: string, quantity: number): Promise<number | undefined> {
      assertUnits(quantity);
      const row = await db
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: eb.fn('now') }))
        .where('id', '=', id)
        .where((eb) => eb(eb('stock', '-', eb.ref('reserved_stock')), '>=', quantity))
        .returning('stock')
        .executeTakeFirst();
      return row?.stock;
    },

    /** Puts units back (a refunded order); the caller holds the order's row lock, so it runs once. */
    async incrementStock(id: string, quantity: number): Promise<void> {
      assertUnits(quantity);
      await db
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: eb.fn('now') }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Holds `quantity` units for a checkout session only if that many are available, in one
     * statement. Returns the units reserved now, or undefined when fewer are available.
     */
    async reserveStock(id: string, quantity: number): Promise<number | undefined> {
      assertUnits(quantity);
      const row = await db
        .updateTable('products')
        .set((eb) => ({ reserved_stock: eb('reserved_stock', '+', quantity), updated_at: eb.fn('now') }))
        .where('id', '=', id)
        .where((eb) => eb(eb('stock', '-', eb.ref('reserved_stock')), '>=', quantity))
        .returning('reserved_stock')
        .executeTakeFirst();
      return row?.reserved_stock;
    },

    /** Gives a session's held units back to the shop (cancelled, expired, or not sellable). */
    async releaseReservedStock(id: string, quantity: number): Promise<void> {
      assertUnits(quantity);
      await db
        .updateTable('products')
        .set((eb) => ({ reserved_stock: eb.fn('greatest', [eb.lit(0), eb('reserved_stock', '-', quantity)]), updated_at: eb.fn('now') }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Turns held units into a sale: stock and reservation both drop by `quantity`, only if the
     * stock still has them (an admin may have lowered it). Returns the stock left, or undefined.
     */
    async sellReservedStock(id: string, quantity: number): Promise<number | undefined> {
      assertUnits(quantity);
      const row = await db
        .updateTable('products')
        .set((eb) => ({
          stock: eb('stock', '-', quantity),
          reserved_stock: eb('reserved_stock', '-', quantity),
          updated_at: eb.fn('now'),
        }))
        .where('id', '=', id)
        .where('stock', '>=', quantity)
        .where('reserved_stock', '>=', quantity)
        .returning('stock')
        .executeTakeFirst();
      return row?.stock;
    },

    async countAll(): Promise<number> {
      const { total } = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return total;
    },

    /** Stores a normalised image under a new server-generated key and returns the key. */
    async storeImage(image: NormalisedImage): Promise<string> {
      const row = imageRow(image);
      await db.insertInto('product_images').values(row).execute();
      return row.key;
    },

    /** Several images in one statement; their keys, in order. */
    async storeImages(images: readonly NormalisedImage[]): Promise<string[]> {
      const rows = images.map(imageRow);
      if (rows.length > 0) await db.insertInto('product_images').values(rows).execute();
      return rows.map((row) => row.key);
    },

    async image(key: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
      if (!PRODUCT_IMAGE_KEY_PATTERN.test(key)) return undefined;
      const row = await db.selectFrom('product_images').select(['bytes', 'content_type']).where('key', '=', key).executeTakeFirst();
      if (row === undefined) return undefined;
      return { bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), contentType: row.content_type };
    },

    /** Removes an image no product points at any more (after a replacement). */
    async deleteImage(key: string): Promise<void> {
      await db.deleteFrom('product_images').where('key', '=', key).execute();
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
