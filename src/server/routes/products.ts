import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  createProduct,
  getProduct,
  listManagedProducts,
  listProducts,
  lookupProducts,
  PRODUCT_LIMITS,
  ProductCreateSchema,
  ProductIdSchema,
  ProductListQuerySchema,
  ProductLookupQuerySchema,
  productImage,
  ProductUpdateSchema,
  replaceProductImage,
  SHOP_PAGE_SIZE,
} from '../../shared/products';
import type { RouteOptions } from '../context';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { parseInput } from '../http';
import { deleteProductImage, normaliseProductImage, readProductImage, storeProductImage } from '../products/product-images';
import {
  createProductRepository,
  DuplicateProductCodeError,
  toProductDto,
  toStaffProductDto,
} from '../products/product-repository';

const IMAGE_FIELD = 'image';
const MAX_FORM_FIELDS = 20;

type ProductForm = { fields: Record<string, string>; image: Buffer | undefined };

/**
 * Reads a multipart product form: text fields plus at most one file named `image`
 * (PRODUCT_LIMITS.imageMaxBytes; a bigger one answers 413). Repeated fields and other files are refused.
 */
async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD || image !== undefined) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}": send one image in the "${IMAGE_FIELD}" field.`);
      }
      image = await part.toBuffer();
      // An empty file input still sends a part with no name and no bytes: treat it as no image.
      if (image.length === 0) image = undefined;
    } else {
      if (Object.hasOwn(fields, part.fieldname)) throw badRequest(`The field "${part.fieldname}" was sent twice.`);
      if (typeof part.value !== 'string') throw badRequest(`The field "${part.fieldname}" must be text.`);
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
}

function productIdFrom(params: unknown): string {
  const parsed = ProductIdSchema.safeParse((params as { id?: unknown }).id);
  if (!parsed.success) throw productNotFound();
  return parsed.data;
}

const productNotFound = () => notFound('The product is not available or something went wrong.');

function duplicateCodeToConflict(error: unknown): never {
  if (error instanceof DuplicateProductCodeError) {
    throw conflict(`The product code ${error.code} is already taken. Choose another code.`);
  }
  throw error;
}

export const productRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  // Another feature may have registered multipart parsing on a parent context already.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: { fileSize: PRODUCT_LIMITS.imageMaxBytes, files: 1, fields: MAX_FORM_FIELDS, fieldSize: 16 * 1024, parts: MAX_FORM_FIELDS + 1 },
    });
  }
  const db = ctx.database.db;
  const products = createProductRepository(db);

  app.get(listProducts.path, { config: { access: 'public' } }, async (request) => {
    const query = parseInput(ProductListQuerySchema, request.query, 'query');
    const page = await products.listActive({ page: query.page ?? 1, pageSize: query.pageSize ?? SHOP_PAGE_SIZE });
    return { ...page, items: page.items.map(toProductDto) };
  });

  app.get(lookupProducts.path, { config: { access: 'public' } }, async (request) => {
    const { ids } = parseInput(ProductLookupQuerySchema, request.query, 'query');
    const found = await products.getProductsByIds(ids);
    return { items: ids.flatMap((id) => {
      const product = found.get(id);
      return product?.isActive === true ? [toProductDto(product)] : [];
    }) };
  });

  app.get(listManagedProducts.path, { config: { access: 'signed-in' } }, async () => {
    const items = await products.listAll();
    return { items: items.map(toStaffProductDto), total: items.length };
  });

  app.get(getProduct.path, { config: { access: 'public' } }, async (request) => {
    const product = await products.getActiveById(productIdFrom(request.params));
    if (product === undefined) throw productNotFound();
    return toProductDto(product);
  });

  app.post(createProduct.path, { config: { access: 'signed-in' } }, async (request, reply) => {
    const form: { fields: unknown; image: Buffer | undefined } = request.isMultipart()
      ? await readProductForm(request)
      : { fields: request.body, image: undefined };
    const input = parseInput(ProductCreateSchema, form.fields, 'product');
    const image = form.image === undefined ? undefined : await normaliseProductImage(form.image);
    const created = await db
      .transaction()
      .execute(async (trx) => {
        const imageKey = image === undefined ? null : await storeProductImage(trx, image);
        return createProductRepository(trx).create({ ...input, imageKey });
      })
      .catch(duplicateCodeToConflict);
    request.log.info({ productId: created.id, code: created.code }, 'product created');
    return reply.code(201).send(toStaffProductDto(created));
  });

  app.patch(getProduct.path, { config: { access: 'signed-in' } }, async (request) => {
    const id = productIdFrom(request.params);
    const input = parseInput(ProductUpdateSchema, request.body, 'product');
    const updated = await products.update(id, input).catch(duplicateCodeToConflict);
    if (updated === undefined) throw productNotFound();
    return toStaffProductDto(updated);
  });

  app.put(replaceProductImage.path, { config: { access: 'signed-in' } }, async (request) => {
    const id = productIdFrom(request.params);
    if (!request.isMultipart()) {
      throw new AppError(415, 'unsupported_media_type', 'Send the image as multipart/form-data.');
    }
    const form = await readProductForm(request);
    const unknown = Object.keys(form.fields);
    if (unknown.length > 0) throw badRequest(`Unexpected field "${unknown[0] ?? ''}": only an image is accepted.`);
    if (form.image === undefined) throw badRequest(`Choose an image to upload in the "${IMAGE_FIELD}" field.`);
    const image = await normaliseProductImage(form.image);
    const updated = await db.transaction().execute(async (trx) => {
      const repository = createProductRepository(trx);
      const current = await repository.getById(id);
      if (current === undefined) return undefined;
      const imageKey = await storeProductImage(trx, image);
      const product = await repository.update(id, { imageKey });
      if (current.imageKey !== null) await deleteProductImage(trx, current.imageKey);
      return product;
    });
    if (updated === undefined) throw productNotFound();
    return toStaffProductDto(updated);
  });

  app.get(productImage.path, { config: { access: 'public' } }, async (request, reply) => {
    const { key } = request.params as { key: string };
    const image = await readProductImage(db, key);
    if (image === undefined) throw notFound('No such image.');
    const etag = `"${key}"`;
    // Keys are never reused for other bytes, so an image can be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
};
