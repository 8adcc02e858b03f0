import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  createProduct,
  getProduct,
  listManagedProducts,
  listProducts,
  lookupProducts,
  PRODUCT_LIMITS,
  ProductIdSchema,
  productImage,
  replaceProductImage,
  SHOP_PAGE_SIZE,
  updateProduct,
} from '../../shared/products';
import type { RouteOptions } from '../context';
import { conflict, notFound, validationFailed } from '../../shared/errors';
import { deleteProductImage, normaliseProductImage, readProductImage, storeProductImage } from '../products/product-images';
import {
  createProductRepository,
  DuplicateProductCodeError,
  toProductDto,
  toStaffProductDto,
} from '../products/product-repository';
import { route } from '../route';

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
        throw validationFailed(`Unexpected file field "${part.fieldname}": send one image in the "${IMAGE_FIELD}" field.`);
      }
      image = await part.toBuffer();
      // An empty file input still sends a part with no name and no bytes: treat it as no image.
      if (image.length === 0) image = undefined;
    } else {
      if (Object.hasOwn(fields, part.fieldname)) throw validationFailed(`The field "${part.fieldname}" was sent twice.`);
      if (typeof part.value !== 'string') throw validationFailed(`The field "${part.fieldname}" must be text.`);
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
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
  const { publicCache } = ctx;

  /** The product with this id; malformed ids are not found, like unknown ones. */
  const validId = (id: string) => ProductIdSchema.safeParse(id).success;

  const cached = { store: publicCache, tag: 'products' } as const;

  route(app, listProducts, { access: 'public', cache: cached }, async ({ query }) => {
    const page = await products.listActive({ page: query.page ?? 1, pageSize: query.pageSize ?? SHOP_PAGE_SIZE });
    return { ...page, items: page.items.map(toProductDto) };
  });

  route(app, lookupProducts, { access: 'public', cache: cached }, async ({ query: { ids } }) => {
    const found = await products.getProductsByIds(ids);
    return {
      items: ids.flatMap((id) => {
        const product = found.get(id);
        return product?.isActive === true ? [toProductDto(product)] : [];
      }),
    };
  });

  route(app, listManagedProducts, { access: 'signed-in' }, async () => {
    const items = await products.listAll();
    return { items: items.map(toStaffProductDto), total: items.length };
  });

  route(app, getProduct, { access: 'public', cache: cached }, async ({ params: { id } }) => {
    const product = validId(id) ? await products.getActiveById(id) : undefined;
    if (product === undefined) throw productNotFound();
    return toProductDto(product);
  });

  route(app, createProduct, { access: 'signed-in' }, async ({ body, request, parseFields }) => {
    let input = body;
    let upload: Buffer | undefined;
    if (input === undefined) {
      const form = await readProductForm(request);
      input = parseFields(form.fields);
      upload = form.image;
    }
    const fields = input;
    const image = upload === undefined ? undefined : await normaliseProductImage(upload);
    const created = await db
      .transaction()
      .execute(async (trx) => {
        const imageKey = image === undefined ? null : await storeProductImage(trx, image);
        return createProductRepository(trx).create({ ...fields, imageKey });
      })
      .catch(duplicateCodeToConflict);
    request.log.info({ productId: created.id, code: created.code }, 'product created');
    return toStaffProductDto(created);
  });

  route(app, updateProduct, { access: 'signed-in' }, async ({ params: { id }, body }) => {
    const updated = validId(id) ? await products.update(id, body).catch(duplicateCodeToConflict) : undefined;
    if (updated === undefined) throw productNotFound();
    return toStaffProductDto(updated);
  });

  route(app, replaceProductImage, { access: 'signed-in' }, async ({ params: { id }, request }) => {
    if (!validId(id)) throw productNotFound();
    const form = await readProductForm(request);
    const unknown = Object.keys(form.fields);
    if (unknown.length > 0) throw validationFailed(`Unexpected field "${unknown[0] ?? ''}": only an image is accepted.`);
    if (form.image === undefined) throw validationFailed(`Choose an image to upload in the "${IMAGE_FIELD}" field.`);
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

  route(app, productImage, { access: 'public' }, async ({ params: { key }, headers, reply }) => {
    const image = await publicCache.remember('product_images', key, () => readProductImage(db, key));
    if (image === undefined) throw notFound('No such image.');
    const etag = `"${key}"`;
    // Keys are never reused for other bytes, so an image can be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
};
