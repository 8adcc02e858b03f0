import type { z } from 'zod';
import { centsToDollars } from '../../domain/format';
import { estimateTotals } from '../../domain/pricing';
import { clipByTitle, getClip, listClips, type Clip } from '../../shared/clips';
import type { Endpoint } from '../../shared/contract';
import {
  type AppError,
  badRequest,
  clientErrorFor,
  conflict,
  crossSiteRequest,
  forbidden,
  forbiddenPath,
  headersTooLarge,
  internalError,
  invalidEvent,
  invalidJson,
  jsonTooDeep,
  invalidMultipart,
  invalidSignature,
  malformedUrl,
  methodNotAllowed,
  requestTimeout,
  notFound,
  payloadTooLarge,
  preconditionFailed,
  rangeNotSatisfiable,
  rateLimited,
  routeNotFound,
  serviceUnavailable,
  tooManyParts,
  unauthenticated,
  unsupportedMediaType,
  uriTooLong,
  validationFailed,
  type ErrorBody,
  type ErrorCode,
} from '../../shared/errors';
import { createCheckoutSession, getOrderBySession } from '../../shared/orders';
import { getProduct, listProducts, type Product } from '../../shared/products';
import { listStaff } from '../../shared/staff';

// Examples for the API reference (OpenAPI document). They live on the server, not in the shared
// contract, so they never reach the browser bundle; openapi-examples.test.ts parses each one with
// its endpoint's response schema.

type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;

/** A success example, typed by the endpoint's response. */
function example<E extends Endpoint>(endpoint: E, value: ResponseOf<E>): [Endpoint, unknown] {
  return [endpoint, value];
}

const tee: Product = {
  id: '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b',
  productName: 'MINGO Classic Tee',
  productCode: 'TEE-CLASSIC',
  description: 'Soft cotton tee with the five-box MINGO logo and a winning diagonal on the chest.',
  price: 24.99,
  imageURL: '/api/product-images/0b7e6f3a-9c1d-4a2b-8e5f-6d7c8b9a0f1e.webp',
  quantityInStock: 40,
  shirtSizes: ['S', 'M', 'L', 'XL'],
  shirtColors: ['Black', 'White', 'Red'],
  vinylColors: [],
};

const vinyl: Product = {
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  productName: 'MINGO 2025 Soundtrack Vinyl',
  productCode: 'VINYL-2025',
  description: 'Twelve themes from this year’s board, re-recorded by a small studio orchestra. 180 g pressing.',
  price: 29.99,
  imageURL: '/api/product-images/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.webp',
  quantityInStock: 15,
  shirtSizes: [],
  shirtColors: [],
  vinylColors: ['Black', 'Clear', 'Gold Splatter'],
};

const clip: Clip = {
  docID: '3e9d1f2a-7b6c-4d5e-9f8a-2b3c4d5e6f7a',
  title: 'Sinners',
  displayName: 'Rosa Diaz',
  timestamp: '2025-11-02T18:24:05.000Z',
  screenshotURL: '/media/5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c.jpg',
  url: '/media/7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d.webm',
};

const olderClip: Clip = {
  ...clip,
  docID: '8c7b6a5f-4e3d-4c2b-8a1f-0e9d8c7b6a5f',
  title: 'Superman',
  timestamp: '2025-11-01T18:24:05.000Z',
  screenshotURL: '/media/2d3c4b5a-6f7e-4d8c-9b0a-1f2e3d4c5b6a.jpg',
  url: '/media/4b5a6f7e-8d9c-4b0a-8f1e-2d3c4b5a6f7e.webm',
};

/** Two classic tees at $24.99, priced as checkout prices them. */
const orderTotals = estimateTotals(2 * 2499);

export const SUCCESS_EXAMPLES = new Map<Endpoint, unknown>([
  example(listProducts, { items: [tee, vinyl], total: 9, page: 1, pageSize: 4 }),
  example(getProduct, tee),
  example(listClips, {
    items: [clip, olderClip],
    // As clip-repository.ts makes it: the last item's time and id.
    nextCursor: Buffer.from(JSON.stringify([olderClip.timestamp, olderClip.docID])).toString('base64url'),
  }),
  example(getClip, clip),
  example(clipByTitle, { clip }),
  example(createCheckoutSession, { url: '/checkout/test/test_cs_NebfL6CoHEoxp4PtUTfNtqV3Ono2KJTg' }),
  example(getOrderBySession, {
    id: 'd4c3b2a1-0f9e-4d8c-b7a6-5f4e3d2c1b0a',
    status: 'paid',
    items: [
      {
        productId: tee.id,
        productName: tee.productName,
        productCode: tee.productCode,
        quantity: 2,
        unitPrice: 24.99,
        shirtSize: 'M',
        shirtColor: 'Black',
        vinylColor: null,
        refundedQuantity: 0,
      },
    ],
    subtotal: centsToDollars(orderTotals.subtotalCents),
    delivery: centsToDollars(orderTotals.deliveryCents),
    tax: centsToDollars(orderTotals.taxCents),
    total: centsToDollars(orderTotals.totalCents),
    refunded: 0,
    createdAt: '2025-11-03T09:12:44.000Z',
    paidAt: '2025-11-03T09:14:02.000Z',
  }),
  example(listStaff, {
    items: [
      {
        id: 'Kx8p2QvN4tRz7mWb',
        name: 'Rosa Diaz',
        email: 'rosa@mingo.example',
        phoneNumber: '555-0142',
        role: 'staff',
        disabled: false,
        createdAt: '2025-10-20T08:00:00.000Z',
      },
    ],
  }),
]);

/** One realistic answer per error code, worded as the server words it. */
const ERROR_EXAMPLES: Record<ErrorCode, AppError> = {
  bad_request: badRequest('The Content-Length header does not match the body.'),
  malformed_url: malformedUrl(),
  validation_failed: validationFailed('Invalid query: limit: Too big: expected number to be <=50', [
    { path: 'limit', message: 'Too big: expected number to be <=50' },
  ]),
  invalid_json: invalidJson(),
  json_too_deep: jsonTooDeep('The JSON body is nested too deeply: at most 16 levels.'),
  invalid_multipart: invalidMultipart('The multipart body is malformed or incomplete.'),
  invalid_signature: invalidSignature(),
  invalid_event: invalidEvent(),
  unauthenticated: unauthenticated(),
  forbidden: forbidden('Only admins may do this.'),
  cross_site_request: crossSiteRequest(),
  forbidden_path: forbiddenPath(),
  not_found: notFound('There is no such clip.'),
  route_not_found: routeNotFound('GET', '/api/nope'),
  method_not_allowed: methodNotAllowed(),
  request_timeout: requestTimeout(),
  conflict: conflict('Line 1 (MINGO Classic Tee): this product is sold out.'),
  precondition_failed: preconditionFailed(),
  payload_too_large: payloadTooLarge('The video is too large: the limit is 100 MB.'),
  too_many_parts: tooManyParts('The form has too many files.'),
  uri_too_long: uriTooLong('A part of the request address is too long.'),
  headers_too_large: headersTooLarge(),
  unsupported_media_type: unsupportedMediaType('The video must be an MP4 or WebM file.'),
  range_not_satisfiable: rangeNotSatisfiable('The requested range is outside the file (1048576 bytes).'),
  rate_limited: rateLimited(),
  client_error: clientErrorFor(422, 'The request was refused.'),
  internal_error: internalError(),
  service_unavailable: serviceUnavailable('The payment provider could not be reached. Please try again shortly.'),
};

/** The example answer of `code` on this endpoint (its own not-found text where it has one). */
export function errorExample(code: ErrorCode, endpoint: Endpoint): ErrorBody {
  if (code === 'not_found' && endpoint.paramsNotFound !== undefined) return notFound(endpoint.paramsNotFound).toBody();
  return ERROR_EXAMPLES[code].toBody();
}
