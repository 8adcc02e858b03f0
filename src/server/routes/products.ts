import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  createProduct,
  getProduct,
  listManagedProducts,
  listProducts,
  lookupProducts,
  PRODUCT_LIMITS,
  productImage,
  replaceProductImage,
  SHOP_PAGE_SIZE,
  updateProduct,
} from '../../shared/products';
import type { RouteOptions } from '../context';
import { notFound, validationFailed } from '../../shared/errors';
import { createProductService } from '../products/product-service';
import { formParts } from '../form-parts';
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
  for await (const part of formParts(request)) {
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

export const productRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  // Another feature may have registered multipart parsing on a parent context already.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: {
        fileSize: PRODUCT_LIMITS.imageMaxBytes,
        files: 1,
        fields: MAX_FORM_FIELDS,
        fieldSize: 16 * 1024,
        parts: MAX_FORM_FIELDS + 1,
      },
    });
  }
  const products = createProductService(ctx.database.db);
  const { publicCache } = ctx;
  const cached = { store: publicCache, tag: 'products' } as const;

  route(app, listProducts, { access: 'public', cache: cached }, async ({ query }) =>
    products.listActive(query.page ?? 1, query.pageSize ?? SHOP_PAGE_SIZE),
  );

  route(app, lookupProducts, { access: 'public', cache: cached }, async ({ query: { ids } }) => ({
    items: await products.lookupActive(ids),
  }));

  route(app, listManagedProducts, { access: 'signed-in' }, async () => {
    const items = await products.listManaged();
    return { items, total: items.length };
  });

  route(app, getProduct, { access: 'public', cache: cached }, async ({ params: { id } }) => products.getActive(id));

  route(app, createProduct, { access: 'signed-in' }, async ({ body, request, parseFields }) => {
    let created;
    if (body === undefined) {
      const form = await readProductForm(request);
      created = await products.create(parseFields(form.fields), form.image);
    } else {
      created = await products.create(body); // JSON carries no image
    }
    request.log.info({ productId: created.id, code: created.productCode }, 'product created');
    return created;
  });

  route(app, updateProduct, { access: 'signed-in' }, async ({ params: { id }, body }) => products.update(id, body));

  route(app, replaceProductImage, { access: 'signed-in' }, async ({ params: { id }, request }) => {
    const form = await readProductForm(request);
    const unknown = Object.keys(form.fields);
    if (unknown.length > 0) throw validationFailed(`Unexpected field "${unknown[0] ?? ''}": only an image is accepted.`);
    if (form.image === undefined) throw validationFailed(`Choose an image to upload in the "${IMAGE_FIELD}" field.`);
    return products.replaceImage(id, form.image);
  });

  route(app, productImage, { access: 'public' }, async ({ params: { key }, headers, reply }) => {
    const image = await publicCache.remember('product_images', key, () => products.image(key));
    if (image === undefined) throw notFound('No such image.');
    const etag = `"${key}"`;
    // Keys are never reused for other bytes, so an image can be cached for good.
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
};
