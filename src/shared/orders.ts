import { z } from 'zod';
import { BODY_LIMITS, endpoint, rawResponse } from './contract';
import { numberedPageSchema } from './page';
import { safeText, singleLineText } from './text';
import { PRODUCT_LIMITS } from './products';

// Checkout and orders: the HTTP contract. The checkout body is the specification's array of cart
// items (product, quantity, selected options); only the product's id is read from `product`, so a
// price sent by the client is never used. Money on the wire is dollars, integer cents inside.

export const CHECKOUT_LIMITS = {
  linesMax: 50,
  /** Per line; stock caps it further. */
  quantityMax: PRODUCT_LIMITS.stockMax,
  optionMax: PRODUCT_LIMITS.optionEntryMax,
  /** Stripe's largest USD charge ($999,999.99); also keeps the cents columns far from overflow. */
  totalMaxCents: 99_999_999,
} as const;

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'refunded', 'cancelled', 'expired', 'needs_refund'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const selection = singleLineText().max(CHECKOUT_LIMITS.optionMax, 'option names are at most 40 characters').nullish();

/** One cart item as the shop sends it. Unknown fields of a line are refused; the product snapshot may carry anything. */
export const CheckoutLineSchema = z
  .object({
    product: z.looseObject({ id: z.string({ error: 'product.id is required' }) }, { error: 'product is required' }),
    quantity: z
      .number({ error: 'quantity must be a whole number' })
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(CHECKOUT_LIMITS.quantityMax, `quantity must be at most ${CHECKOUT_LIMITS.quantityMax}`),
    selectedShirtSize: selection,
    selectedShirtColor: selection,
    selectedVinylColor: selection,
  })
  .strict();
export type CheckoutLine = z.infer<typeof CheckoutLineSchema>;
export type CheckoutLineInput = z.input<typeof CheckoutLineSchema>;

export const CheckoutBodySchema = z
  .array(CheckoutLineSchema, { error: 'the body must be an array of cart items' })
  .min(1, 'the cart is empty')
  .max(CHECKOUT_LIMITS.linesMax, `a cart holds at most ${CHECKOUT_LIMITS.linesMax} lines`);

/** "Line 2: quantity must be at least 1": which cart line is wrong, in the shopper's terms. */
export function describeCheckoutIssue(path: readonly PropertyKey[], message: string): string {
  const [index, ...rest] = path;
  if (typeof index !== 'number') return `Invalid cart: ${message}.`;
  const field = rest.map(String).join('.');
  const detail = field === '' || message.startsWith(String(rest[0])) ? message : `${field}: ${message}`;
  return `Line ${index + 1}: ${detail}.`;
}

/** The shop's hoarding caps (decision 192), configurable: MAX_UNITS_PER_ORDER and MAX_HELD_UNITS_PER_ADDRESS. */
export const CheckoutLimitsSchema = z.object({
  /** Units one order (and so one cart line) may hold. */
  maxUnitsPerOrder: z.number().int().positive(),
  /** Units one client address may hold in open (unpaid, unexpired) checkout sessions together. */
  maxHeldUnitsPerAddress: z.number().int().positive(),
});
export type CheckoutLimits = z.infer<typeof CheckoutLimitsSchema>;

export const checkoutLimits = endpoint({
  method: 'GET',
  path: '/api/checkout/limits',
  summary: 'How many units one order may hold, and one address in open checkouts together.',
  tag: 'Checkout',
  response: CheckoutLimitsSchema,
});

export const createCheckoutSession = endpoint({
  method: 'POST',
  path: '/api/create-checkout-session',
  summary: "Start a checkout: the cart in (re-priced on the server), the provider's checkout url out.",
  tag: 'Checkout',
  errors: ['conflict', 'service_unavailable'],
  describeIssue: describeCheckoutIssue,
  body: CheckoutBodySchema,
  maxBodyBytes: BODY_LIMITS.default,
  response: z.object({ url: z.string() }),
});

export const OrderItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productCode: z.string(),
  quantity: z.number().int().positive(),
  /** Dollars, as charged. */
  unitPrice: z.number(),
  shirtSize: z.string().nullable(),
  shirtColor: z.string().nullable(),
  vinylColor: z.string().nullable(),
  /** Units of this line refunded so far (decision 192). */
  refundedQuantity: z.number().int().nonnegative(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** The shopper's view of an order: no e-mail address, no internal ids beyond the order's (/success adds SuccessOrderSchema's details). */
export const OrderSummarySchema = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  items: z.array(OrderItemSchema),
  subtotal: z.number(),
  delivery: z.number(),
  tax: z.number(),
  total: z.number(),
  /** Dollars given back so far (partial refunds, decision 192); the total once refunded whole. */
  refunded: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const SHIPPING_LIMITS = {
  nameMax: 100,
  lineMax: 200,
  cityMax: 100,
  stateMax: 100,
  postalCodeMax: 20,
  carrierMax: 60,
  trackingMax: 100,
} as const;

/** ISO 3166-1 alpha-2, e.g. US. */
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US');

/** Where an order ships, as stored on the order (Stripe's collected address or the test page's form). */
export const ShippingAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string(),
  country: CountryCodeSchema,
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** How long after payment (or creation, unpaid) /success may show where an order ships and who got the receipt. */
export const RECEIPT_DETAILS_HOURS = 24;

/** "j•••@example.com": enough to recognise one's own address, not enough to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Whether /success may still show the ship-to address and the masked receipt e-mail. */
export function receiptDetailsVisible(order: { createdAt: Date; paidAt: Date | null }, now: Date): boolean {
  const since = order.paidAt ?? order.createdAt;
  return now.getTime() - since.getTime() < RECEIPT_DETAILS_HOURS * 60 * 60 * 1000;
}

/**
 * What /success shows: the order, and for the first RECEIPT_DETAILS_HOURS also where it ships and
 * the receipt's address, masked (decision 181). Never the full e-mail address.
 */
export const SuccessOrderSchema = OrderSummarySchema.extend({
  shipTo: ShippingAddressSchema.optional(),
  receiptEmail: z.string().optional().meta({ description: 'Masked, e.g. j•••@example.com.' }),
});
export type SuccessOrder = z.infer<typeof SuccessOrderSchema>;

const required = (label: string, max: number) =>
  singleLineText({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} is at most ${max} characters.`);

/** The address form of the test provider's checkout page; the countries are SHIP_COUNTRIES. */
export function shippingFormSchema(countries: readonly string[]) {
  return z.object({
    // Capped and checked for control characters before the address check (and any database use).
    email: singleLineText({ error: 'Please enter a valid email address for the receipt.' })
      .trim()
      .max(254, 'The email address is too long.')
      .pipe(z.email({ error: 'Please enter a valid email address for the receipt.' })),
    name: required('the full name', SHIPPING_LIMITS.nameMax),
    line1: required('the address', SHIPPING_LIMITS.lineMax),
    line2: singleLineText()
      .trim()
      .max(SHIPPING_LIMITS.lineMax, `Address line 2 is at most ${SHIPPING_LIMITS.lineMax} characters.`)
      .default(''),
    city: required('the city', SHIPPING_LIMITS.cityMax),
    state: singleLineText()
      .trim()
      .max(SHIPPING_LIMITS.stateMax, `State / region is at most ${SHIPPING_LIMITS.stateMax} characters.`)
      .default(''),
    postalCode: required('the postal code', SHIPPING_LIMITS.postalCodeMax).regex(
      /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
      'Please enter a valid postal code (letters, digits, spaces and dashes).',
    ),
    country: z
      .string({ error: 'Please choose a country.' })
      .refine((code) => countries.includes(code), `We ship only to ${countries.join(', ')}.`),
  });
}

export const ORDER_ACTOR_KINDS = ['user', 'provider', 'system', 'shopper'] as const;

/** One step of an order's timeline: who moved it, from which status to which, and when. */
export const OrderEventSchema = z.object({
  at: z.string(),
  from: OrderStatusSchema.nullable(),
  to: OrderStatusSchema,
  actorKind: z.enum(ORDER_ACTOR_KINDS),
  actorName: z.string(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** What admins see on the Orders page. */
export const AdminOrderSchema = OrderSummarySchema.extend({
  provider: z.enum(PAYMENT_PROVIDERS),
  providerSessionId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  shippingAddress: ShippingAddressSchema.nullable(),
  paymentReference: z.string().nullable(),
  shippedAt: z.string().nullable(),
  shippingCarrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundReference: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** One order with its timeline (the admin's order detail). */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({ timeline: z.array(OrderEventSchema) });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const ORDERS_PAGE_SIZE = 20;

/** The short order number people quote (in e-mails, on /success, in the admin): the id's first 8 characters, upper case. */
export const orderNumber = (id: string): string => id.slice(0, 8).toUpperCase();

/**
 * The admin's views of the orders, each a group of statuses (every status in exactly one view but
 * "all"): what needs action first, abandoned checkouts kept apart, as a shop admin lists them.
 */
export const ORDER_VIEWS = {
  needs_action: ['paid', 'needs_refund'],
  pending: ['pending'],
  shipped: ['shipped'],
  refunded: ['refunded'],
  closed: ['cancelled', 'expired'],
  all: ORDER_STATUSES,
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderView = keyof typeof ORDER_VIEWS;
export const OrderViewSchema = z.enum(Object.keys(ORDER_VIEWS) as [OrderView, ...OrderView[]]);

/** The view a status is listed under (not "all"). */
export function viewOfStatus(status: OrderStatus): OrderView {
  const found = (Object.keys(ORDER_VIEWS) as OrderView[]).find(
    (view) => view !== 'all' && (ORDER_VIEWS[view] as readonly OrderStatus[]).includes(status),
  );
  return found ?? 'all';
}

/**
 * The statuses a list or export covers: a view's, narrowed to one status when both are given
 * (possibly none), or every status.
 */
export function statusesOf(query: { view?: OrderView | undefined; status?: OrderStatus | undefined }): readonly OrderStatus[] {
  const inView: readonly OrderStatus[] = ORDER_VIEWS[query.view ?? 'all'];
  return query.status === undefined ? inView : inView.filter((status) => status === query.status);
}

/** How many orders each view holds (the admin's tabs show them). */
export const OrderViewCountsSchema = z.record(OrderViewSchema, z.number().int().nonnegative());
export type OrderViewCounts = z.infer<typeof OrderViewCountsSchema>;

/** The views' counts from the number of orders in each status (a status with no order may be absent). */
export function viewCounts(byStatus: Partial<Record<OrderStatus, number>>): OrderViewCounts {
  const sum = (statuses: readonly OrderStatus[]) => statuses.reduce((total, status) => total + (byStatus[status] ?? 0), 0);
  return {
    needs_action: sum(ORDER_VIEWS.needs_action),
    pending: sum(ORDER_VIEWS.pending),
    shipped: sum(ORDER_VIEWS.shipped),
    refunded: sum(ORDER_VIEWS.refunded),
    closed: sum(ORDER_VIEWS.closed),
    all: sum(ORDER_VIEWS.all),
  };
}

export const OrderListQuerySchema = z
  .object({ page: z.coerce.number().int().optional(), status: OrderStatusSchema.optional(), view: OrderViewSchema.optional() })
  .strict();
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderExportQuerySchema = z.object({ status: OrderStatusSchema.optional(), view: OrderViewSchema.optional() }).strict();

export const OrderIdParamsSchema = z.object({ id: z.uuid({ error: 'not an order id' }) });

export const ShipOrderBodySchema = z
  .object({
    carrier: singleLineText()
      .trim()
      .max(SHIPPING_LIMITS.carrierMax, `The carrier is at most ${SHIPPING_LIMITS.carrierMax} characters.`)
      .optional(),
    trackingNumber: singleLineText()
      .trim()
      .max(SHIPPING_LIMITS.trackingMax, `The tracking number is at most ${SHIPPING_LIMITS.trackingMax} characters.`)
      .optional(),
  })
  .strict();
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;

export const OrderPageSchema = numberedPageSchema(AdminOrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** Provider session ids: Stripe's `cs_…` and the test provider's `test_cs_…`. */
export const SessionIdSchema = z.string().regex(/^[A-Za-z0-9_]{8,255}$/);

export const ORDER_NOT_FOUND_FOR_SESSION = 'We could not find an order for this checkout session.';

/** A malformed session id cannot belong to an order: not found (404), like an unknown one (`paramsNotFound`). */
const SessionParamsSchema = z.object({ sessionId: SessionIdSchema });

/** For /success: the order behind a checkout session. */
export const getOrderBySession = endpoint({
  method: 'GET',
  path: '/api/orders/by-session/:sessionId',
  summary:
    'The order behind a checkout session (for /success); for 24 hours after payment also its ship-to address and the masked receipt e-mail.',
  tag: 'Orders',
  params: SessionParamsSchema,
  paramsNotFound: ORDER_NOT_FOUND_FOR_SESSION,
  response: SuccessOrderSchema,
});

/** Admins: every order, newest first. */
export const listOrders = endpoint({
  method: 'GET',
  path: '/api/orders',
  summary: 'Admins: the orders of a view (needs action, pending, shipped, refunded, closed, all) and/or one status, newest first.',
  tag: 'Orders',
  query: OrderListQuerySchema,
  response: OrderPageSchema,
});

/** Admins: the number of orders in each view, for the tabs. */
export const countOrders = endpoint({
  method: 'GET',
  path: '/api/orders/counts',
  summary: 'Admins: how many orders each view holds (needs action, pending, shipped, refunded, closed, all).',
  tag: 'Orders',
  response: OrderViewCountsSchema,
});

/** Admins: one order with its timeline. */
export const getOrder = endpoint({
  method: 'GET',
  path: '/api/orders/:id',
  summary: 'Admins: one order with its items, shipping address, payment reference and timeline.',
  tag: 'Orders',
  errors: ['not_found'],
  params: OrderIdParamsSchema,
  response: AdminOrderDetailSchema,
});

/** Admins: a paid order leaves the warehouse (optional carrier and tracking number). */
export const shipOrder = endpoint({
  method: 'POST',
  path: '/api/orders/:id/ship',
  summary: 'Admins: mark a paid order shipped (optional carrier and tracking number); e-mails the buyer once.',
  tag: 'Orders',
  errors: ['not_found', 'conflict'],
  params: OrderIdParamsSchema,
  body: ShipOrderBodySchema.prefault({}),
  response: AdminOrderDetailSchema,
});

/** One line of a partial refund: the order's line (1 = its first item) and how many of its units come back. */
export const RefundLineSchema = z
  .object({
    line: z
      .number({ error: 'line must be a whole number' })
      .int('line must be a whole number')
      .min(1, 'line must be at least 1')
      .max(CHECKOUT_LIMITS.linesMax, `line must be at most ${CHECKOUT_LIMITS.linesMax}`),
    quantity: z
      .number({ error: 'quantity must be a whole number' })
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(CHECKOUT_LIMITS.quantityMax, `quantity must be at most ${CHECKOUT_LIMITS.quantityMax}`),
  })
  .strict();
export type RefundLine = z.infer<typeof RefundLineSchema>;

/** Without `lines`, everything not refunded yet; with them, those units only (decision 192). */
export const RefundOrderBodySchema = z
  .object({
    lines: z
      .array(RefundLineSchema)
      .min(1, 'name at least one line to refund, or leave lines out to refund the whole order')
      .max(CHECKOUT_LIMITS.linesMax, `an order has at most ${CHECKOUT_LIMITS.linesMax} lines`)
      .optional(),
  })
  .strict();
export type RefundOrderBody = z.infer<typeof RefundOrderBodySchema>;

/** Admins: refund a paid, shipped or needs_refund order through its payment provider, whole or by line and quantity. */
export const refundOrder = endpoint({
  method: 'POST',
  path: '/api/orders/:id/refund',
  summary:
    'Admins: refund a paid, shipped or needs_refund order through its provider — whole, or some units of some lines (`lines`); the stock of what comes back is restored once and the buyer is e-mailed.',
  tag: 'Orders',
  errors: ['not_found', 'conflict', 'service_unavailable'],
  params: OrderIdParamsSchema,
  body: RefundOrderBodySchema.prefault({}),
  response: AdminOrderDetailSchema,
});

/** Admins: the (filtered) orders as an RFC 4180 CSV file. */
export const exportOrders = endpoint({
  method: 'GET',
  path: '/api/orders/export.csv',
  summary: 'Admins: the orders (optionally of one view and/or status) as an RFC 4180 CSV file.',
  tag: 'Orders',
  query: OrderExportQuerySchema,
  response: rawResponse('RFC 4180 CSV, one order per line; cells starting with = + - @ are neutralised.', 'text/csv'),
});

/** Stripe's webhook endpoint: the raw body, signed (the signature covers the exact bytes). */
export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  summary: 'Stripe events (checkout completed / expired); verified by signature, idempotent.',
  description: 'Only with PAYMENT_PROVIDER=stripe (404 otherwise). Authenticated by the `Stripe-Signature` header, not by a session.',
  tag: 'Checkout',
  bodyFormat: 'raw',
  body: z.string().meta({ description: 'The event JSON exactly as Stripe sent it.' }),
  maxBodyBytes: BODY_LIMITS.default,
  headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
  response: z.object({ received: z.literal(true) }),
  errors: ['invalid_signature', 'not_found', 'service_unavailable'],
});

const TestSessionParams = z.object({ sessionId: z.string().max(255) });
const testPageErrors = rawResponse('An HTML page (404 for an unknown session, 409 for a closed one, 422 for a refused card).', 'text/html');

/** The built-in test provider's hosted checkout page (PAYMENT_PROVIDER=test), its form targets and styles. */
export const testCheckoutPage = endpoint({
  method: 'GET',
  path: '/checkout/test/:sessionId',
  summary: 'Test mode: the hosted checkout page of a pending order.',
  tag: 'Test checkout',
  params: TestSessionParams,
  response: testPageErrors,
  extraResponses: [{ status: 303, description: 'Already paid: redirect to /success.' }],
});

/**
 * The test checkout form as sent (card number, e-mail and shipping address fields). The address is
 * checked by the handler with `shippingFormSchema(SHIP_COUNTRIES)` so that every problem is shown
 * on the page itself; here only the shape and a size cap.
 */
export const TestPayFormSchema = z.record(safeText().max(40), safeText().max(1000));

export const testCheckoutPay = endpoint({
  method: 'POST',
  path: '/checkout/test/:sessionId/pay',
  summary: 'Test mode: pay with the test card; redirects to /success.',
  tag: 'Test checkout',
  params: TestSessionParams,
  bodyFormat: 'form',
  body: TestPayFormSchema.prefault({}),
  maxBodyBytes: 4 * 1024,
  response: testPageErrors,
  extraResponses: [{ status: 303, description: 'Paid: redirect to /success?session_id=….' }],
});

export const testCheckoutCancel = endpoint({
  method: 'POST',
  path: '/checkout/test/:sessionId/cancel',
  summary: 'Test mode: cancel the checkout; redirects to /cancel.',
  tag: 'Test checkout',
  params: TestSessionParams,
  response: testPageErrors,
  extraResponses: [{ status: 303, description: 'Cancelled: redirect to /cancel.' }],
});

export const testCheckoutStyles = endpoint({
  method: 'GET',
  path: '/checkout/test/styles.css',
  summary: "Test mode: the checkout page's style sheet.",
  tag: 'Test checkout',
  response: rawResponse('CSS.', 'text/css'),
});

/** The well-known test card number that the test provider accepts. */
export const TEST_CARD_NUMBER = '4242424242424242';

export const ORDER_EMAIL_KINDS = ['receipt', 'shipped', 'refunded', 'partial_refund'] as const;
export const ORDER_EMAIL_STATES = ['queued', 'retrying', 'sent', 'dead'] as const;
export type OrderEmailState = (typeof ORDER_EMAIL_STATES)[number];

/**
 * One order e-mail in the outbox (decision 172): queued with the change that causes it, sent by the
 * mail worker, retried with backoff, and a dead letter (`dead`) once every attempt failed.
 */
export const OrderEmailSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(ORDER_EMAIL_KINDS),
  recipient: z.string(),
  state: z.enum(ORDER_EMAIL_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When the worker tries it next (queued or retrying only). */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  deadAt: z.string().nullable(),
});
export type OrderEmail = z.infer<typeof OrderEmailSchema>;

export const DeadLettersSchema = z.object({ items: z.array(OrderEmailSchema) });
export type DeadLetters = z.infer<typeof DeadLettersSchema>;

export const OrderEmailIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'not an e-mail id' }) });

/** Admins: the order e-mails that failed every attempt. */
export const listDeadLetters = endpoint({
  method: 'GET',
  path: '/api/order-emails/dead',
  summary: 'Admins: order e-mails that failed every delivery attempt (dead letters), newest first, at most 100.',
  tag: 'Orders',
  response: DeadLettersSchema,
});

/** Admins: queue a dead letter again. */
export const resendDeadLetter = endpoint({
  method: 'POST',
  path: '/api/order-emails/:id/resend',
  summary: 'Admins: queue a dead-letter e-mail again, with a fresh set of attempts; 409 unless it is a dead letter.',
  tag: 'Orders',
  errors: ['not_found', 'conflict'],
  params: OrderEmailIdParamsSchema,
  response: OrderEmailSchema,
});
