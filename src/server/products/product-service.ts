import {
  PRODUCT_UNAVAILABLE,
  type Product,
  type ProductChanges,
  type ProductFields,
  type ProductPage,
  type StaffProduct,
} from '../../shared/products';
import { conflict, notFound } from '../../shared/errors';
import type { Db } from '../db/database';
import { normaliseProductImage } from './product-images';
import { createProductRepository, DuplicateProductCodeError, toProductDto, toStaffProductDto } from './product-repository';

const productNotFound = () => notFound(PRODUCT_UNAVAILABLE);

function duplicateCodeToConflict(error: unknown): never {
  if (error instanceof DuplicateProductCodeError) {
    throw conflict(`The product code ${error.code} is already taken. Choose another code.`);
  }
  throw error;
}

/**
 * The shop catalogue and what staff do with it. A product and its image are written in one
 * transaction (images live in the database), so a refused product never leaves an orphaned image
 * and a replaced image is deleted only once the product points at the new one.
 */
export function createProductService(db: Db) {
  const products = createProductRepository(db);

  return {
    async listActive(page: number, pageSize: number): Promise<ProductPage> {
      const found = await products.listActive({ page, pageSize });
      return { ...found, items: found.items.map(toProductDto) };
    },

    /** The active products among `ids`, in the order asked for; missing or archived ones are left out. */
    async lookupActive(ids: readonly string[]): Promise<Product[]> {
      const found = await products.getProductsByIds(ids);
      return ids.flatMap((id) => {
        const product = found.get(id);
        return product?.isActive === true ? [toProductDto(product)] : [];
      });
    },

    async listManaged(): Promise<StaffProduct[]> {
      return (await products.listAll()).map(toStaffProductDto);
    },

    async getActive(id: string): Promise<Product> {
      const product = await products.getActiveById(id);
      if (product === undefined) throw productNotFound();
      return toProductDto(product);
    },

    /** Adds a product, with its image when one is given (normalised to WebP first). */
    async create(fields: ProductFields, upload?: Buffer): Promise<StaffProduct> {
      const image = upload === undefined ? undefined : await normaliseProductImage(upload);
      const created = await db
        .transaction()
        .execute(async (trx) => {
          const repository = createProductRepository(trx);
          const imageKey = image === undefined ? null : await repository.storeImage(image);
          return repository.create({ ...fields, imageKey });
        })
        .catch(duplicateCodeToConflict);
      return toStaffProductDto(created);
    },

    /** Edits fields; `isActive: false` archives the product (it leaves the shop, orders keep it). */
    async update(id: string, changes: ProductChanges): Promise<StaffProduct> {
      const updated = await products.update(id, changes).catch(duplicateCodeToConflict);
      if (updated === undefined) throw productNotFound();
      return toStaffProductDto(updated);
    },

    async replaceImage(id: string, upload: Buffer): Promise<StaffProduct> {
      const image = await normaliseProductImage(upload);
      const updated = await db.transaction().execute(async (trx) => {
        const repository = createProductRepository(trx);
        const current = await repository.getById(id);
        if (current === undefined) return undefined;
        const imageKey = await repository.storeImage(image);
        const product = await repository.update(id, { imageKey });
        if (current.imageKey !== null) await repository.deleteImage(current.imageKey);
        return product;
      });
      if (updated === undefined) throw productNotFound();
      return toStaffProductDto(updated);
    },

    image(key: string) {
      return products.image(key);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
