import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../../../tests/support/test-app';
import {
  createProductRepository,
  DuplicateProductCodeError,
  toProductDto,
  toStaffProductDto,
  type ProductRepository,
} from './product-repository';

const fields = (code: string, overrides: Partial<Parameters<ProductRepository['create']>[0]> = {}) => ({
  name: `Product ${code}`,
  code,
  description: 'A thing',
  priceCents: 1999,
  stock: 5,
  shirtSizes: [],
  shirtColors: [],
  vinylColors: [],
  ...overrides,
});

describe('product repository', () => {
  let handle: DatabaseHandle;
  let products: ProductRepository;
  beforeAll(async () => {
    handle = await createTestDatabase();
    products = createProductRepository(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates a product and maps it to the wire shape in dollars', async () => {
    const created = await products.create(fields('REPO-1', { shirtSizes: ['S', 'M'], priceCents: 2050 }));
    expect(created).toMatchObject({ code: 'REPO-1', priceCents: 2050, stock: 5, isActive: true, imageKey: null });
    expect(toProductDto(created)).toEqual({
      id: created.id,
      productName: 'Product REPO-1',
      productCode: 'REPO-1',
      description: 'A thing',
      price: 20.5,
      imageURL: '/images/products/placeholder.svg',
      quantityInStock: 5,
      shirtSizes: ['S', 'M'],
      shirtColors: [],
      vinylColors: [],
    });
  });

  it('refuses a duplicate code with a typed error', async () => {
    await products.create(fields('REPO-DUP'));
    await expect(products.create(fields('REPO-DUP'))).rejects.toBeInstanceOf(DuplicateProductCodeError);
    const other = await products.create(fields('REPO-DUP-2'));
    await expect(products.update(other.id, { code: 'REPO-DUP' })).rejects.toBeInstanceOf(DuplicateProductCodeError);
  });

  it.each([
    ['a zero price', sql`insert into products (name, code, price_cents, stock) values ('x', 'DB-1', 0, 1)`],
    ['a negative price', sql`insert into products (name, code, price_cents, stock) values ('x', 'DB-2', -5, 1)`],
    ['negative stock', sql`insert into products (name, code, price_cents, stock) values ('x', 'DB-3', 100, -1)`],
  ])('the database itself refuses %s', async (_name, statement) => {
    await expect(statement.execute(handle.db)).rejects.toThrow(/check constraint/);
  });

  it('updates only the given fields and archives', async () => {
    const created = await products.create(fields('REPO-UPD', { vinylColors: ['Black'] }));
    const updated = await products.update(created.id, { priceCents: 999, isActive: false });
    expect(updated).toMatchObject({ priceCents: 999, isActive: false, vinylColors: ['Black'], name: 'Product REPO-UPD' });
    expect(await products.getActiveById(created.id)).toBeUndefined();
    expect(await products.getById(created.id)).toMatchObject({ isActive: false });
    expect(await products.update('00000000-0000-4000-8000-000000000000', { stock: 1 })).toBeUndefined();
  });

  it('getProductsByIds returns archived products too, keyed by id, inside a transaction', async () => {
    const a = await products.create(fields('REPO-IDS-A'));
    const b = await products.create(fields('REPO-IDS-B'));
    await products.update(b.id, { isActive: false });
    const found = await handle.db
      .transaction()
      .execute((trx) =>
        createProductRepository(trx).getProductsByIds([a.id, b.id, a.id, '00000000-0000-4000-8000-000000000000'], { forUpdate: true }),
      );
    expect([...found.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(found.get(b.id)?.isActive).toBe(false);
    expect(await products.getProductsByIds([])).toEqual(new Map());
  });

  // PGlite runs one statement at a time, which still catches a read-then-write over two statements;
  // a race inside one transaction or statement can only show on PostgreSQL.
  it('decrementStock never takes stock below zero under concurrent calls (PostgreSQL: real concurrency)', async () => {
    const product = await products.create(fields('REPO-STOCK', { stock: 3 }));
    const results = await Promise.all(Array.from({ length: 6 }, () => products.decrementStock(product.id, 1)));
    expect(results.filter((left) => left !== undefined).sort()).toEqual([0, 1, 2]);
    expect((await products.getById(product.id))?.stock).toBe(0);
    expect(await products.decrementStock(product.id, 1)).toBeUndefined();
    await expect(products.decrementStock(product.id, 0)).rejects.toThrow(RangeError);
  });

  it('reserveStock never holds more than is available under concurrent calls (PostgreSQL: real concurrency)', async () => {
    const product = await products.create(fields('REPO-RESERVE', { stock: 3 }));
    const results = await Promise.all(Array.from({ length: 6 }, () => products.reserveStock(product.id, 1)));
    expect(results.filter((held) => held !== undefined).sort()).toEqual([1, 2, 3]);
    expect(await products.getById(product.id)).toMatchObject({ stock: 3, reservedStock: 3 });
    // Held units are not for sale to anyone else, by reservation or by a payment-time decrement.
    expect(await products.reserveStock(product.id, 1)).toBeUndefined();
    expect(await products.decrementStock(product.id, 1)).toBeUndefined();
    await expect(products.reserveStock(product.id, 0)).rejects.toThrow(RangeError);
  });

  it('sells held units once, releases them, and shows shoppers only what is not held', async () => {
    const product = await products.create(fields('REPO-SELL', { stock: 4 }));
    await products.reserveStock(product.id, 3);
    const held = await products.getById(product.id);
    expect(held === undefined ? undefined : toProductDto(held).quantityInStock).toBe(1);
    // Staff see and edit the stock on hand.
    expect(held === undefined ? undefined : toStaffProductDto(held).quantityInStock).toBe(4);

    expect(await products.sellReservedStock(product.id, 2)).toBe(2);
    expect(await products.getById(product.id)).toMatchObject({ stock: 2, reservedStock: 1 });
    // More than is held cannot be sold.
    expect(await products.sellReservedStock(product.id, 2)).toBeUndefined();
    await products.releaseReservedStock(product.id, 1);
    expect(await products.getById(product.id)).toMatchObject({ stock: 2, reservedStock: 0 });
    // A release never goes below zero, and the table refuses a negative count.
    await products.releaseReservedStock(product.id, 1);
    expect((await products.getById(product.id))?.reservedStock).toBe(0);
    await expect(sql`update products set reserved_stock = -1 where id = ${product.id}`.execute(handle.db)).rejects.toThrow();
    // An admin lowers the stock under what is held: the shop offers nothing, never a negative count.
    await products.reserveStock(product.id, 2);
    await products.update(product.id, { stock: 1 });
    const lowered = await products.getById(product.id);
    expect(lowered === undefined ? undefined : toProductDto(lowered).quantityInStock).toBe(0);
    expect(await products.sellReservedStock(product.id, 2)).toBeUndefined();
  });

  it('lists active products in catalogue order with a total, clamping the page', async () => {
    await handle.db.deleteFrom('products').execute();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 6; i += 1) {
      await products.create(fields(`LIST-${i}`, { createdAt: new Date(base + i * 1000) }));
    }
    const archived = await products.create(fields('LIST-ARCHIVED', { createdAt: new Date(base - 1000) }));
    await products.update(archived.id, { isActive: false });

    const first = await products.listActive({ page: 1, pageSize: 4 });
    expect(first.total).toBe(6);
    expect(first.items.map((p) => p.code)).toEqual(['LIST-0', 'LIST-1', 'LIST-2', 'LIST-3']);
    const last = await products.listActive({ page: 9, pageSize: 4 });
    expect(last.page).toBe(2);
    expect(last.items.map((p) => p.code)).toEqual(['LIST-4', 'LIST-5']);
    expect((await products.listAll()).map((p) => p.code)[0]).toBe('LIST-ARCHIVED');
  });
});
