import { z } from 'zod';
import { endpoint } from './contract';
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

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'needs_refund'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const selection = z.string().max(CHECKOUT_LIMITS.optionMax, 'option names are at most 40 characters').nullish();

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

export const createCheckoutSession = endpoint({
  method: 'POST',
  path: '/api/create-checkout-session',
  body: CheckoutBodySchema,
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
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** What the shopper sees on /success: no e-mail address, no internal ids beyond the order's. */
export const OrderSummarySchema = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  items: z.array(OrderItemSchema),
  subtotal: z.number(),
  delivery: z.number(),
  tax: z.number(),
  total: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** What admins see on the Orders page. */
export const AdminOrderSchema = OrderSummarySchema.extend({
  provider: z.enum(PAYMENT_PROVIDERS),
  providerSessionId: z.string().nullable(),
  customerEmail: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const ORDERS_PAGE_SIZE = 20;

export const OrderListQuerySchema = z
  .object({ page: z.coerce.number().int().optional() })
  .strict();

export const OrderPageSchema = z.object({
  items: z.array(AdminOrderSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** Provider session ids: Stripe's `cs_…` and the test provider's `test_cs_…`. */
export const SessionIdSchema = z.string().regex(/^[A-Za-z0-9_]{8,255}$/);

/** For /success: the order behind a checkout session. */
export const getOrderBySession = endpoint({
  method: 'GET',
  path: '/api/orders/by-session/:sessionId',
  params: z.object({ sessionId: z.string() }),
  response: OrderSummarySchema,
});

/** Admins: every order, newest first. */
export const listOrders = endpoint({
  method: 'GET',
  path: '/api/orders',
  query: OrderListQuerySchema,
  response: OrderPageSchema,
});

/** Stripe's webhook endpoint (raw body, signed). */
export const stripeWebhook = { method: 'POST', path: '/api/webhooks/stripe' } as const;

/** The built-in test provider's hosted checkout page and its form targets. */
export const testCheckoutPaths = {
  page: '/checkout/test/:sessionId',
  pay: '/checkout/test/:sessionId/pay',
  cancel: '/checkout/test/:sessionId/cancel',
  styles: '/checkout/test/styles.css',
} as const;

/** The well-known test card number that the test provider accepts. */
export const TEST_CARD_NUMBER = '4242424242424242';
