import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  statusesOf,
  viewOfStatus,
  AdminOrderDetailSchema,
  CHECKOUT_LIMITS,
  CheckoutBodySchema,
  CheckoutLineSchema,
  CountryCodeSchema,
  OrderEventSchema,
  OrderExportQuerySchema,
  OrderIdParamsSchema,
  OrderItemSchema,
  OrderListQuerySchema,
  OrderStatusSchema,
  OrderSummarySchema,
  ORDER_NOT_FOUND_FOR_SESSION,
  SessionIdSchema,
  ShipOrderBodySchema,
  ShippingAddressSchema,
  TEST_CARD_NUMBER,
  TestPayFormSchema,
  createCheckoutSession,
  describeCheckoutIssue,
  getOrderBySession,
  maskEmail,
  orderNumber,
  receiptDetailsVisible,
  shipOrder,
  shippingFormSchema,
  stripeWebhook,
  testCheckoutPage,
  testCheckoutPay,
} from './orders';
import { present, problems } from '../../tests/support/schema-problems';

const ORDER_ID = '0b5c3f7e-2d4a-4c1b-9e8f-6a7b8c9d0e1f';

describe('CheckoutLineSchema', () => {
  const line = { product: { id: 'prod-1' }, quantity: 1 };

  it('keeps the product snapshot as sent and reads the options as given (absent, null or a name)', () => {
    const parsed = CheckoutLineSchema.parse({
      product: { id: 'prod-1', price: 0.01, productName: 'Fictional Tee' },
      quantity: 2,
      selectedShirtSize: 'M',
      selectedShirtColor: null,
    });
    expect(parsed).toStrictEqual({
      product: { id: 'prod-1', price: 0.01, productName: 'Fictional Tee' },
      quantity: 2,
      selectedShirtSize: 'M',
      selectedShirtColor: null,
    });
  });

  it.each([
    ['no product', { quantity: 1 }, ['product is required']],
    ['a product that is not an object', { product: 'prod-1', quantity: 1 }, ['product is required']],
    ['a product without id', { product: { name: 'Tee' }, quantity: 1 }, ['product.id is required']],
    ['a numeric product id', { product: { id: 7 }, quantity: 1 }, ['product.id is required']],
    ['no quantity', { product: { id: 'p' } }, ['quantity must be a whole number']],
    ['a quantity as text', { ...line, quantity: '2' }, ['quantity must be a whole number']],
    ['a fractional quantity', { ...line, quantity: 1.5 }, ['quantity must be a whole number']],
    ['quantity 0', { ...line, quantity: 0 }, ['quantity must be at least 1']],
    ['quantity 1', { ...line, quantity: 1 }, []],
    ['the largest quantity', { ...line, quantity: 100_000 }, []],
    ['one more than the largest quantity', { ...line, quantity: 100_001 }, ['quantity must be at most 100000']],
    ['an option of 40 characters', { ...line, selectedShirtColor: 'x'.repeat(40) }, []],
    ['an option of 41 characters', { ...line, selectedShirtColor: 'x'.repeat(41) }, ['option names are at most 40 characters']],
    ['an option over two lines', { ...line, selectedShirtSize: 'S\nM' }, ['must be a single line']],
    ['a vinyl colour with a control character', { ...line, selectedVinylColor: 'Red\u0007' }, ['must not contain control characters']],
    ['an unknown line field', { ...line, price: 1 }, ['Unrecognized key: "price"']],
  ])('%s', (_case, input, expected) => {
    expect(problems(CheckoutLineSchema, input)).toEqual(expected);
  });
});

describe('CheckoutBodySchema', () => {
  const line = { product: { id: 'prod-1' }, quantity: 1 };

  it.each([
    ['an object', { items: [line] }, ['the body must be an array of cart items']],
    ['an empty cart', [], ['the cart is empty']],
    ['one line', [line], []],
    ['50 lines', Array.from({ length: 50 }, () => line), []],
    ['51 lines', Array.from({ length: 51 }, () => line), ['a cart holds at most 50 lines']],
  ])('%s', (_case, input, expected) => {
    expect(problems(CheckoutBodySchema, input)).toEqual(expected);
  });

  it('is the checkout endpoint body, its problems worded per cart line; the answer is the url to go to', () => {
    expect(createCheckoutSession.body).toBe(CheckoutBodySchema);
    expect(createCheckoutSession.describeIssue).toBe(describeCheckoutIssue);
    expect(createCheckoutSession.response.parse({ url: 'https://pay.example.com/cs_1' })).toStrictEqual({
      url: 'https://pay.example.com/cs_1',
    });
  });

  it('allows at most 50 lines of 100000 each', () => {
    expect(CHECKOUT_LIMITS).toEqual({ linesMax: 50, quantityMax: 100_000, optionMax: 40, totalMaxCents: 99_999_999 });
  });
});

describe('describeCheckoutIssue', () => {
  it.each([
    [[], 'the cart is empty', 'Invalid cart: the cart is empty.'],
    [['items'], 'something is off', 'Invalid cart: something is off.'],
    [[0], 'Invalid input', 'Line 1: Invalid input.'],
    [[1, 'quantity'], 'quantity must be at least 1', 'Line 2: quantity must be at least 1.'],
    [[0, 'product', 'id'], 'product.id is required', 'Line 1: product.id is required.'],
    [[0, 'product', 'id'], 'Invalid input', 'Line 1: product.id: Invalid input.'],
    [[2, 'selectedShirtSize'], 'must be a single line', 'Line 3: selectedShirtSize: must be a single line.'],
    [[4, 'quantity'], 'too big a quantity', 'Line 5: quantity: too big a quantity.'],
  ])('%j, %j → %j', (path, message, expected) => {
    expect(describeCheckoutIssue(path, message)).toBe(expected);
  });
});

describe('shippingFormSchema', () => {
  // Built inside each test, so that a schema that cannot be built fails the tests rather than their collection.
  const schema = () => shippingFormSchema(['US', 'CA']);
  const form = {
    email: 'shopper@example.com',
    name: 'Ada Example',
    line1: '1 Fictional Way',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
  };

  it('trims every text field and defaults the optional ones to empty', () => {
    expect(
      schema().parse({
        ...form,
        email: ' shopper@example.com ',
        name: ' Ada Example ',
        line1: ' 1 Fictional Way ',
        city: ' Springfield ',
        postalCode: ' 12345 ',
      }),
    ).toStrictEqual({ ...form, line2: '', state: '' });
    expect(schema().parse({ ...form, line2: ' Apt 4 ', state: ' OR ' })).toStrictEqual({ ...form, line2: 'Apt 4', state: 'OR' });
  });

  it.each([
    ['no email', { email: undefined }, ['Please enter a valid email address for the receipt.']],
    ['an email that is no address', { email: 'shopper' }, ['Please enter a valid email address for the receipt.']],
    ['an email of 254 characters', { email: `${'a'.repeat(242)}@example.com` }, []],
    ['an email of 255 characters', { email: `${'a'.repeat(243)}@example.com` }, ['The email address is too long.']],
    ['an email with a control character', { email: 'a\u0000@example.com' }, ['must not contain control characters']],
    ['no name', { name: undefined }, ['Please enter the full name.']],
    ['a blank name', { name: '   ' }, ['Please enter the full name.']],
    ['a name of 100 characters between spaces', { name: ` ${'n'.repeat(100)} ` }, []],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, ['The full name is at most 100 characters.']],
    ['a name over two lines', { name: 'Ada\nExample' }, ['must be a single line']],
    ['no address', { line1: '' }, ['Please enter the address.']],
    ['an address of 200 characters', { line1: 'a'.repeat(200) }, []],
    ['an address of 201 characters', { line1: 'a'.repeat(201) }, ['The address is at most 200 characters.']],
    ['a second line of 200 characters', { line2: 'a'.repeat(200) }, []],
    ['a second line of 201 characters', { line2: 'a'.repeat(201) }, ['Address line 2 is at most 200 characters.']],
    ['a second line over two lines', { line2: 'a\nb' }, ['must be a single line']],
    ['no city', { city: ' ' }, ['Please enter the city.']],
    ['a city of 101 characters', { city: 'c'.repeat(101) }, ['The city is at most 100 characters.']],
    ['a state of 100 characters', { state: 's'.repeat(100) }, []],
    ['a state of 101 characters', { state: 's'.repeat(101) }, ['State / region is at most 100 characters.']],
    ['a state with a control character', { state: 'O\u001bR' }, ['must not contain control characters']],
    // The checkout page shows a field's first problem.
    [
      'no postal code',
      { postalCode: '' },
      ['Please enter the postal code.', 'Please enter a valid postal code (letters, digits, spaces and dashes).'],
    ],
    ['a postal code with letters, a space and a dash', { postalCode: 'AB1-2 cd' }, []],
    ['a one-character postal code', { postalCode: '9' }, []],
    ['a postal code of 20 characters', { postalCode: '1'.repeat(20) }, []],
    ['a postal code of 21 characters', { postalCode: '1'.repeat(21) }, ['The postal code is at most 20 characters.']],
    [
      'a postal code starting with a dash',
      { postalCode: '-1234' },
      ['Please enter a valid postal code (letters, digits, spaces and dashes).'],
    ],
    [
      'a postal code ending with a sign',
      { postalCode: '1234#' },
      ['Please enter a valid postal code (letters, digits, spaces and dashes).'],
    ],
    [
      'a postal code with an accented letter',
      { postalCode: '12É4' },
      ['Please enter a valid postal code (letters, digits, spaces and dashes).'],
    ],
    ['no country', { country: undefined }, ['Please choose a country.']],
    ['a country not shipped to', { country: 'FR' }, ['We ship only to US, CA.']],
    ['the other country', { country: 'CA' }, []],
  ])('%s', (_case, change, expected) => {
    expect(problems(schema(), { ...form, ...change })).toEqual(expected);
  });
});

describe('CountryCodeSchema', () => {
  it.each([
    ['US', true],
    ['GB', true],
    ['us', false],
    ['U', false],
    ['USA', false],
    ['xUS', false],
    ['U1', false],
  ])('%j → %s', (code, valid) => {
    expect(problems(CountryCodeSchema, code)).toEqual(valid ? [] : ['must be a two-letter country code such as US']);
  });

  it('checks the country of a stored shipping address', () => {
    const address = { name: 'Ada', line1: '1 Way', line2: null, city: 'Town', state: null, postalCode: '1', country: 'US' };
    expect(problems(ShippingAddressSchema, address)).toEqual([]);
    expect(problems(ShippingAddressSchema, { ...address, country: 'usa' })).toEqual(['must be a two-letter country code such as US']);
  });
});

describe('order statuses and timelines', () => {
  it.each(['pending', 'paid', 'shipped', 'refunded', 'cancelled', 'expired', 'needs_refund'])('%s is a status', (status) => {
    expect(OrderStatusSchema.parse(status)).toBe(status);
  });

  it('refuses an unknown status', () => {
    expect(OrderStatusSchema.safeParse('lost').success).toBe(false);
  });

  const event = { at: '2026-01-01T00:00:00.000Z', from: null, to: 'pending', actorKind: 'shopper', actorName: 'Ada', note: null };

  it.each(['user', 'provider', 'system', 'shopper'])('an event can be made by a %s', (actorKind) => {
    expect(problems(OrderEventSchema, { ...event, actorKind })).toEqual([]);
  });

  it('refuses an unknown actor or status in an event', () => {
    expect(OrderEventSchema.safeParse({ ...event, actorKind: 'robot' }).success).toBe(false);
    expect(OrderEventSchema.safeParse({ ...event, from: 'lost' }).success).toBe(false);
  });

  it.each([
    [1, true],
    [0, false],
    [1.5, false],
  ])('an order item of quantity %s is valid: %s', (quantity, valid) => {
    const item = {
      productId: 'p',
      productName: 'Tee',
      productCode: 'TEE',
      quantity,
      unitPrice: 1,
      shirtSize: null,
      shirtColor: null,
      vinylColor: null,
      refundedQuantity: 0,
    };
    expect(OrderItemSchema.safeParse(item).success).toBe(valid);
  });

  const summary = {
    id: ORDER_ID,
    status: 'paid',
    items: [
      {
        productId: 'p',
        productName: 'Tee',
        productCode: 'TEE',
        quantity: 1,
        unitPrice: 1,
        shirtSize: 'M',
        shirtColor: null,
        vinylColor: null,
        refundedQuantity: 0,
      },
    ],
    subtotal: 1,
    delivery: 0,
    tax: 0,
    total: 1,
    refunded: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    paidAt: '2026-01-01T00:01:00.000Z',
  };

  it('shows the shopper their order without personal data', () => {
    expect(OrderSummarySchema.parse({ ...summary, customerEmail: 'a@example.com', provider: 'test' })).toStrictEqual(summary);
    expect(OrderSummarySchema.safeParse({ ...summary, total: undefined }).success).toBe(false);
    expect(OrderSummarySchema.safeParse({ ...summary, status: 'lost' }).success).toBe(false);
  });

  it.each([
    ['test', true],
    ['stripe', true],
    ['paypal', false],
  ])('an admin order paid through %s is valid: %s', (provider, valid) => {
    const order = {
      ...summary,
      provider,
      providerSessionId: null,
      customerEmail: null,
      shippingAddress: null,
      paymentReference: null,
      shippedAt: null,
      shippingCarrier: null,
      trackingNumber: null,
      refundedAt: null,
      refundReference: null,
      timeline: [],
    };
    expect(AdminOrderDetailSchema.safeParse(order).success).toBe(valid);
    expect(AdminOrderDetailSchema.safeParse({ ...order, timeline: undefined }).success).toBe(false);
  });
});

describe('orderNumber', () => {
  it.each([
    [ORDER_ID, '0B5C3F7E'],
    ['abc', 'ABC'],
  ])('%s → %s', (id, expected) => {
    expect(orderNumber(id)).toBe(expected);
  });
});

describe('order list, export and id', () => {
  it.each([
    [{}, {}],
    [{ page: '2' }, { page: 2 }],
    [
      { page: '2', status: 'paid' },
      { page: 2, status: 'paid' },
    ],
  ])('list query %j → %j', (query, expected) => {
    expect(OrderListQuerySchema.parse(query)).toStrictEqual(expected);
  });

  it.each([{ page: '1.5' }, { status: 'lost' }, { sort: 'newest' }])('list query %j is refused', (query) => {
    expect(OrderListQuerySchema.safeParse(query).success).toBe(false);
  });

  it('export query: a known status or none, nothing else', () => {
    expect(OrderExportQuerySchema.parse({ status: 'shipped' })).toStrictEqual({ status: 'shipped' });
    expect(OrderExportQuerySchema.parse({})).toStrictEqual({});
    expect(OrderExportQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(OrderExportQuerySchema.safeParse({ page: '1' }).success).toBe(false);
  });

  it.each([
    [ORDER_ID, []],
    ['0B5C3F7E', ['not an order id']],
  ])('order id %j → %j', (id, expected) => {
    expect(problems(OrderIdParamsSchema, { id })).toEqual(expected);
  });
});

describe('ShipOrderBodySchema', () => {
  it('trims the carrier and tracking number, both optional; the endpoint takes no body as {}', () => {
    expect(ShipOrderBodySchema.parse({ carrier: ' Fictional Post ', trackingNumber: ' FP-1 ' })).toStrictEqual({
      carrier: 'Fictional Post',
      trackingNumber: 'FP-1',
    });
    expect(ShipOrderBodySchema.parse({})).toStrictEqual({});
    expect(present(shipOrder.body).parse(undefined)).toStrictEqual({});
  });

  it.each([
    ['a carrier of 60 characters', { carrier: 'c'.repeat(60) }, []],
    ['a carrier of 61 characters', { carrier: 'c'.repeat(61) }, ['The carrier is at most 60 characters.']],
    ['a carrier over two lines', { carrier: 'Post\nOffice' }, ['must be a single line']],
    ['a tracking number of 100 characters', { trackingNumber: 't'.repeat(100) }, []],
    ['a tracking number of 101 characters', { trackingNumber: 't'.repeat(101) }, ['The tracking number is at most 100 characters.']],
    ['a tracking number with a control character', { trackingNumber: 'T\u0000' }, ['must not contain control characters']],
    ['an unknown field', { note: 'fragile' }, ['Unrecognized key: "note"']],
  ])('%s', (_case, body, expected) => {
    expect(problems(ShipOrderBodySchema, body)).toEqual(expected);
  });
});

describe('checkout sessions', () => {
  it.each([
    ["Stripe's", 'cs_test_a1B2c3D4', true],
    ["the test provider's", 'test_cs_0b5c3f7e2d4a', true],
    ['8 characters', 'abcdefgh', true],
    ['7 characters', 'abcdefg', false],
    ['255 characters', 's'.repeat(255), true],
    ['256 characters', 's'.repeat(256), false],
    ['dashes', 'cs-test-a1b2c3', false],
    ['a leading sign', '!abcdefgh', false],
    ['a trailing sign', 'abcdefgh!', false],
  ])('session id: %s → valid %s', (_case, sessionId, valid) => {
    expect(SessionIdSchema.safeParse(sessionId).success).toBe(valid);
    expect(present(getOrderBySession.params).safeParse({ sessionId }).success).toBe(valid);
  });

  it('answers a malformed session id like an unknown one', () => {
    expect(getOrderBySession.paramsNotFound).toBe('We could not find an order for this checkout session.');
    expect(ORDER_NOT_FOUND_FOR_SESSION).toBe(getOrderBySession.paramsNotFound);
  });

  it.each([
    [255, true],
    [256, false],
  ])('the test checkout page takes a session id of %i characters: %s', (length, valid) => {
    const sessionId = 's'.repeat(length);
    expect(present(testCheckoutPage.params).safeParse({ sessionId }).success).toBe(valid);
  });

  it.each([
    ['a signature of 2000 characters', { 'stripe-signature': 's'.repeat(2000) }, true],
    ['a signature of 2001 characters', { 'stripe-signature': 's'.repeat(2001) }, false],
    ['no signature (refused by the handler)', {}, true],
  ])('Stripe webhook headers with %s → valid %s', (_case, headers, valid) => {
    expect(present(stripeWebhook.headers).safeParse(headers).success).toBe(valid);
  });

  it('acknowledges a Stripe event with received: true', () => {
    expect(stripeWebhook.response.parse({ received: true })).toStrictEqual({ received: true });
    expect(stripeWebhook.response.safeParse({ received: false }).success).toBe(false);
  });
});

describe('the test checkout form', () => {
  it.each([
    ['the card and an e-mail', { card: TEST_CARD_NUMBER, email: 'a@example.com' }, true],
    ['a field name of 40 characters', { ['k'.repeat(40)]: 'v' }, true],
    ['a field name of 41 characters', { ['k'.repeat(41)]: 'v' }, false],
    ['a value of 1000 characters', { note: 'v'.repeat(1000) }, true],
    ['a value of 1001 characters', { note: 'v'.repeat(1001) }, false],
    ['a value over two lines', { note: 'two\nlines' }, true],
    ['a value with a control character', { note: 'bell\u0007' }, false],
    ['a field name with a control character', { 'n\u0000': 'v' }, false],
  ])('%s → valid %s', (_case, form, valid) => {
    expect(TestPayFormSchema.safeParse(form).success).toBe(valid);
  });

  it('takes a missing body as an empty form, of at most 4 KiB', () => {
    expect(present(testCheckoutPay.body).parse(undefined)).toStrictEqual({});
    expect(testCheckoutPay.maxBodyBytes).toBe(4096);
  });

  it('accepts the well-known test card', () => {
    expect(TEST_CARD_NUMBER).toBe('4242424242424242');
  });
});

describe('maskEmail', () => {
  it.each([
    ['jane@example.com', 'j•••@example.com'],
    ['a@b.co', 'a•••@b.co'],
    ['odd"@name"@example.com', 'o•••@example.com'],
    ['no-at-sign', '•••'],
    ['@example.com', '•••'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('receiptDetailsVisible', () => {
  const now = new Date('2026-05-02T12:00:00Z');
  it.each([
    ['paid a minute ago', { createdAt: new Date('2026-05-01T10:00:00Z'), paidAt: new Date('2026-05-02T11:59:00Z') }, true],
    ['paid 23 h 59 min ago', { createdAt: new Date('2026-05-01T11:00:00Z'), paidAt: new Date('2026-05-01T12:01:00Z') }, true],
    ['paid exactly 24 h ago', { createdAt: new Date('2026-05-01T11:00:00Z'), paidAt: new Date('2026-05-01T12:00:00Z') }, false],
    ['unpaid, created an hour ago', { createdAt: new Date('2026-05-02T11:00:00Z'), paidAt: null }, true],
    ['unpaid, created two days ago', { createdAt: new Date('2026-04-30T12:00:00Z'), paidAt: null }, false],
  ])('%s: %s', (_what, order, visible) => {
    expect(receiptDetailsVisible(order, now)).toBe(visible);
  });
});

describe('order views', () => {
  it.each([
    ['paid', 'needs_action'],
    ['needs_refund', 'needs_action'],
    ['pending', 'pending'],
    ['shipped', 'shipped'],
    ['refunded', 'refunded'],
    ['cancelled', 'closed'],
    ['expired', 'closed'],
  ] as const)('lists a %s order under %s', (status, view) => {
    expect(viewOfStatus(status)).toBe(view);
  });

  it('covers a view, narrowed to one status when both are given, or every status', () => {
    expect(statusesOf({})).toEqual(ORDER_STATUSES);
    expect(statusesOf({ view: 'closed' })).toEqual(['cancelled', 'expired']);
    expect(statusesOf({ view: 'closed', status: 'expired' })).toEqual(['expired']);
    expect(statusesOf({ view: 'closed', status: 'paid' })).toEqual([]);
    expect(statusesOf({ status: 'paid' })).toEqual(['paid']);
  });
});
