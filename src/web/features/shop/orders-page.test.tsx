import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countOrders,
  getOrder,
  listDeadLetters,
  listOrders,
  refundOrder,
  resendDeadLetter,
  shipOrder,
  statusesOf,
  type AdminOrderDetail,
  type OrderEmail,
  type OrderStatus,
  type OrderView,
  type RefundOrderBody,
  viewCounts,
} from '../../../shared/orders';
import { dollarsToCents } from '../../../domain/format';
import { planRefund } from '../../../domain/refunds';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { ToastHost } from '../../components/toast';
import { OrdersPage } from './orders-page';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

const PAGE_SIZE = 2;
const cents = (dollars: number) => dollarsToCents(dollars) ?? Number.NaN;

/** A fictional order as the server stores it (money in dollars on the wire). */
function order(n: number, status: OrderStatus, overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: `0000000${n}-aaaa-4bbb-8ccc-${String(n).padStart(12, '0')}`,
    status,
    items: [
      {
        productId: 'p-tee',
        productName: 'MINGO Classic Tee',
        productCode: 'TEE',
        quantity: 2,
        unitPrice: 24.99,
        shirtSize: 'M',
        shirtColor: 'Black',
        vinylColor: null,
        refundedQuantity: 0,
      },
    ],
    subtotal: 49.98,
    delivery: 0,
    tax: 4.5,
    total: 54.48,
    refunded: 0,
    createdAt: `2026-0${n}-10T12:00:00.000Z`,
    paidAt: status === 'pending' ? null : `2026-0${n}-10T12:05:00.000Z`,
    provider: 'test',
    providerSessionId: `test_cs_${n}`,
    customerEmail: `buyer${n}@example.com`,
    shippingAddress: {
      name: 'Dana Buyer',
      line1: '42 Reel Street',
      line2: null,
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
      country: 'US',
    },
    paymentReference: `test_pi_${n}`,
    shippedAt: null,
    shippingCarrier: null,
    trackingNumber: null,
    refundedAt: null,
    refundReference: null,
    timeline: [{ at: `2026-0${n}-10T12:00:00.000Z`, from: null, to: 'pending', actorKind: 'shopper', actorName: 'Shopper', note: null }],
    ...overrides,
  };
}

/** A small orders server: newest first, filtered by status, PAGE_SIZE a page; ship and refund as the API rules them. */
function serveOrders(orders: AdminOrderDetail[], deadLetters: OrderEmail[] = []) {
  fakeApi.on(listDeadLetters, () => ({ items: deadLetters.filter((email) => email.state === 'dead') }));
  fakeApi.on(resendDeadLetter, ({ params }) => {
    const found = deadLetters.find((email) => email.id === params.id);
    if (found === undefined) throw new ApiError(404, 'not_found', 'There is no e-mail with this id.');
    if (found.state !== 'dead') throw new ApiError(409, 'conflict', 'This e-mail is not a dead letter: it was sent or is still queued.');
    Object.assign(found, { state: 'queued', attempts: 0, deadAt: null, nextAttemptAt: '2026-09-01T08:00:00.000Z' });
    return found;
  });
  const byId = (id: string) => {
    const found = orders.find((candidate) => candidate.id === id);
    if (found === undefined) throw new ApiError(404, 'not_found', 'Order not found.');
    return found;
  };
  const step = (found: AdminOrderDetail, to: OrderStatus, note: string | null) => {
    found.timeline = [
      ...found.timeline,
      { at: '2026-09-01T08:00:00.000Z', from: found.status, to, actorKind: 'user', actorName: 'Admin', note },
    ];
    found.status = to;
  };
  fakeApi.on(listOrders, ({ query }) => {
    const { page = 1, ...filter } = query as { page?: number; view?: OrderView; status?: OrderStatus };
    const statuses = statusesOf(filter);
    const matching = orders.filter((candidate) => statuses.includes(candidate.status)).toReversed();
    return { items: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: matching.length, page, pageSize: PAGE_SIZE };
  });
  fakeApi.on(countOrders, () => {
    const byStatus: Partial<Record<OrderStatus, number>> = {};
    for (const { status } of orders) byStatus[status] = (byStatus[status] ?? 0) + 1;
    return viewCounts(byStatus);
  });
  fakeApi.on(getOrder, ({ params }) => byId(params.id ?? ''));
  fakeApi.on(shipOrder, ({ params, body }) => {
    const found = byId(params.id ?? '');
    if (found.status !== 'paid') throw new ApiError(409, 'conflict', 'Only a paid order can be marked shipped.');
    const { carrier, trackingNumber } = body as { carrier?: string; trackingNumber?: string };
    found.shippingCarrier = carrier ?? null;
    found.trackingNumber = trackingNumber ?? null;
    step(found, 'shipped', null);
    return found;
  });
  // Refunds as the server rules them (decision 192), amounts by the same domain rule.
  fakeApi.on(refundOrder, ({ params, body }) => {
    const found = byId(params.id ?? '');
    if (!['paid', 'shipped', 'needs_refund'].includes(found.status)) throw new ApiError(409, 'conflict', 'This order cannot be refunded.');
    const result = planRefund(
      {
        subtotalCents: cents(found.subtotal),
        taxCents: cents(found.tax),
        totalCents: cents(found.total),
        refundedCents: cents(found.refunded),
        lines: found.items.map((item) => ({ ...item, unitPriceCents: cents(item.unitPrice) })),
      },
      (body as RefundOrderBody).lines,
    );
    if (!result.ok) throw new ApiError(409, 'conflict', result.problem);
    for (const { position, quantity } of result.plan.lines) {
      const item = found.items[position];
      if (item !== undefined) item.refundedQuantity += quantity;
    }
    found.refunded = (cents(found.refunded) + result.plan.amountCents) / 100;
    found.refundReference = `re_${found.id.slice(0, 4)}`;
    step(found, result.plan.rest ? 'refunded' : found.status, 'refund re_');
    return found;
  });
}

async function renderOrdersPage(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/orders', element: <OrdersPage /> }], { initialEntries: [`/orders${search}`] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  return { router, user: userEvent.setup() };
}

// jsdom's name computation drops the space that starts the visually hidden part ("Details of order …").
const detailsButton = (n: number, action = 'Details') => new RegExp(`^${action} ?of order 0000000${n}$`);
const rows = () => screen.getAllByTestId('order-row');
const statusOfRows = () => rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('the Orders page (admins)', () => {
  beforeEach(() => fakeApi.reset());

  it('lists orders newest first with their totals, and pages through them', async () => {
    serveOrders([order(1, 'paid'), order(2, 'shipped'), order(3, 'pending', { delivery: 5.99, total: 60.47 })]);
    const { user } = await renderOrdersPage('?view=all');
    expect(await screen.findByRole('table', { name: 'Orders, newest first' })).toBeDefined();
    expect(statusOfRows()).toEqual(['Payment pending', 'Shipped']);
    const [newest] = rows();
    expect(newest?.textContent).toContain('2 × MINGO Classic Tee (Size M · Black) @ $24.99');
    expect(newest?.textContent).toContain('$60.47');
    expect(newest?.textContent).toContain('$49.98 + $5.99 + $4.50 tax');
    expect(rows()[1]?.textContent).toContain('free delivery');
    expect(newest?.textContent).toContain('buyer3@example.com');
    expect(newest?.textContent).toContain('Test provider');

    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeDefined();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Paid']));
    expect(within(pages).getByText('Page 2 of 2')).toBeDefined();
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('opens on the orders that need action; tabs show the rest, abandoned checkouts apart, in the address and the CSV link too', async () => {
    serveOrders([order(1, 'paid'), order(2, 'shipped'), order(3, 'needs_refund'), order(4, 'pending'), order(5, 'expired')]);
    const { user, router } = await renderOrdersPage();
    await screen.findByRole('table');
    const views = screen.getByRole('navigation', { name: 'Order views' });
    // Each tab with its count, the count part of the link's name ("Needs action 2 orders").
    await waitFor(() =>
      expect(
        within(views)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'Needs action 2 orders',
        'Payment pending 1 order',
        'Shipped 1 order',
        'Refunded 0 orders',
        'Closed 1 order',
        'All 5 orders',
      ]),
    );
    expect(within(views).getByRole('link', { name: 'Needs action 2 orders' })).toBeDefined();
    expect(within(views).getByRole('link', { current: 'page' }).textContent).toBe('Needs action 2 orders');
    await waitFor(() => expect(statusOfRows()).toEqual(['Needs refund', 'Paid']));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/orders/export.csv');

    await user.click(within(views).getByRole('link', { name: /^Payment pending / }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Payment pending']));
    expect(router.state.location.search).toBe('?view=pending');
    expect(within(views).getByRole('link', { current: 'page' }).textContent).toBe('Payment pending 1 order');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/orders/export.csv?view=pending');

    await user.click(within(views).getByRole('link', { name: /^Refunded / }));
    expect(await screen.findByText('No refunded orders.')).toBeDefined();
    await user.click(within(views).getByRole('link', { name: /^Closed / }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Expired']));
    await user.click(within(views).getByRole('link', { name: /^All / }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('navigation', { name: 'Order pages' })).toBeDefined();
    await user.click(within(views).getByRole('link', { name: /^Needs action / }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Needs refund', 'Paid']));
    expect(router.state.location.search).toBe('');
  });

  it('opens an older ?status= link on its view, narrowed to that status, with a way to see the whole view', async () => {
    serveOrders([order(1, 'shipped'), order(2, 'paid'), order(3, 'needs_refund')]);
    const { user } = await renderOrdersPage('?status=paid');
    await waitFor(() => expect(statusOfRows()).toEqual(['Paid']));
    const views = screen.getByRole('navigation', { name: 'Order views' });
    expect(within(views).getByRole('link', { current: 'page' }).textContent).toMatch(/^Needs action/);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/orders/export.csv?status=paid');
    await user.click(screen.getByRole('link', { name: 'Show all of “Needs action”' }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Needs refund', 'Paid']));
  });

  it('below 640 px shows each order as a card, with its details inside the card', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    try {
      serveOrders([order(1, 'paid')]);
      const { user } = await renderOrdersPage();
      const list = await screen.findByRole('list', { name: 'Orders, newest first' });
      expect(screen.queryByRole('table')).toBeNull();
      const [card] = within(list).getAllByTestId('order-row');
      expect(card?.tagName).toBe('LI');
      expect(card?.textContent).toContain('2 × MINGO Classic Tee (Size M · Black) @ $24.99');
      expect(card?.textContent).toContain('buyer1@example.com');
      await user.click(within(card ?? document.body).getByRole('button', { name: detailsButton(1) }));
      expect(await within(card ?? document.body).findByRole('form', { name: 'Mark shipped' })).toBeDefined();
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows e-mails that could not be sent, and sends one again', async () => {
    const dead: OrderEmail = {
      id: '7',
      orderId: order(1, 'paid').id,
      kind: 'receipt',
      recipient: 'buyer1@example.com',
      state: 'dead',
      attempts: 10,
      lastError: '554 not accepting mail',
      createdAt: '2026-01-10T12:05:00.000Z',
      nextAttemptAt: null,
      sentAt: null,
      deadAt: '2026-01-10T15:00:00.000Z',
    };
    serveOrders([order(1, 'paid')], [dead]);
    const { user } = await renderOrdersPage();
    const section = await screen.findByRole('region', { name: 'E-mails that could not be sent' });
    const [letter] = within(section).getAllByTestId('dead-letter');
    expect(letter?.textContent).toContain('Receipt to buyer1@example.com for order 00000001');
    expect(letter?.textContent).toContain('Failed 10 times, last on 10 Jan 2026, 15:00: 554 not accepting mail');

    await user.click(within(section).getByRole('button', { name: /^Send again ?the receipt to buyer1@example\.com$/ }));
    expect((await screen.findByRole('status')).textContent).toContain('The e-mail to buyer1@example.com is queued again');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mails that could not be sent' })).toBeNull());
    expect(fakeApi.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/order-emails/7/resend']);
  });

  it('shows no e-mail section when every e-mail went out', async () => {
    serveOrders([order(1, 'paid')]);
    await renderOrdersPage();
    await screen.findByRole('table');
    await waitFor(() => expect(fakeApi.calls.map((call) => call.url)).toContain('/api/order-emails/dead'));
    expect(screen.queryByRole('region', { name: 'E-mails that could not be sent' })).toBeNull();
  });

  it('says so when there are no orders yet', async () => {
    serveOrders([]);
    await renderOrdersPage();
    expect(await screen.findByText('Nothing needs action: no order waits to be shipped or refunded.')).toBeDefined();
  });

  it('says the orders could not be loaded when the server fails', async () => {
    fakeApi.on(listOrders, () => {
      throw new ApiError(500, 'internal_error', 'boom');
    });
    await renderOrdersPage();
    expect((await screen.findByRole('alert')).textContent).toBe('The orders could not be loaded. Please try again shortly.');
  });

  it('shows an order’s details: items, totals, address, payment and timeline', async () => {
    serveOrders([order(1, 'shipped', { trackingNumber: '1Z999', shippingCarrier: 'UPS', provider: 'stripe', paymentReference: 'pi_123' })]);
    const { user } = await renderOrdersPage('?view=shipped');
    await user.click(await screen.findByRole('button', { name: detailsButton(1) }));
    const detail = await screen.findByRole('heading', { name: `Order ${order(1, 'paid').id}` });
    const panel = detail.parentElement?.parentElement ?? document.body;
    expect(within(panel).getByText('2 × MINGO Classic Tee (Size M · Black) @ $24.99')).toBeDefined();
    expect(panel.textContent).toContain('Subtotal $49.98 · Delivery free · Tax $4.50 · Total $54.48');
    expect(within(panel).getByTestId('order-address').textContent).toBe('Dana Buyer42 Reel StreetPortland, OR, 97201US');
    expect(panel.textContent).toContain('Stripe pi_123');
    expect(panel.textContent).toContain('1Z999 (UPS)');
    expect(within(panel).getByRole('list', { name: 'Timeline' }).textContent).toBe('10 Jan 2026, 12:00 — Payment pending by Shopper');
    // A shipped order cannot be shipped again, but what comes back can be refunded (decision 192).
    expect(within(panel).queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Refund…' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: detailsButton(1, 'Hide details') }));
    expect(screen.queryByRole('heading', { name: /^Order / })).toBeNull();
  });

  it('marks a paid order shipped with a tracking number: it moves to Shipped without a reload, its details still open', async () => {
    serveOrders([order(1, 'paid')]);
    const { user } = await renderOrdersPage();
    await user.click(await screen.findByRole('button', { name: detailsButton(1) }));
    const form = await screen.findByRole('form', { name: 'Mark shipped' });
    await user.type(within(form).getByRole('textbox', { name: 'Tracking number (optional)' }), 'TRACK-42');
    await user.click(within(form).getByRole('button', { name: 'Mark shipped' }));

    // It leaves "Needs action" at once (decision 192), and the tabs' counts follow.
    expect(await screen.findByText('Nothing needs action: no order waits to be shipped or refunded.')).toBeDefined();
    expect(screen.queryAllByTestId('order-row')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('check_circleOrder 00000001 marked shipped');
    expect(fakeApi.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/orders/${order(1, 'paid').id}/ship`, body: { trackingNumber: 'TRACK-42' } },
    ]);
    const views = screen.getByRole('navigation', { name: 'Order views' });
    expect(await within(views).findByRole('link', { name: 'Shipped 1 order' })).toBeDefined();
    expect(within(views).getByRole('link', { name: 'Needs action 0 orders' })).toBeDefined();

    // "Shipped" lists it, its details still open, with who shipped it.
    await user.click(within(views).getByRole('link', { name: /^Shipped / }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Shipped']));
    expect(await screen.findByText('TRACK-42')).toBeDefined();
    expect(screen.getByRole('list', { name: 'Timeline' }).textContent).toContain('Shipped by Admin');
    expect(screen.queryByRole('form', { name: 'Mark shipped' })).toBeNull();
  });

  it('under a status filter, a shipped order leaves the list at once; the other stays', async () => {
    serveOrders([order(1, 'paid'), order(2, 'paid')]);
    const { user } = await renderOrdersPage('?status=paid');
    await waitFor(() => expect(statusOfRows()).toEqual(['Paid', 'Paid']));
    await user.click(screen.getByRole('button', { name: detailsButton(1) }));
    const form = await screen.findByRole('form', { name: 'Mark shipped' });
    await user.click(within(form).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('buyer2@example.com');
    expect(screen.getByRole('status').textContent).toBe('check_circleOrder 00000001 marked shipped');
  });

  it('asks before refunding, can keep the payment, and refunds on confirmation: the order moves to Refunded', async () => {
    serveOrders([order(1, 'needs_refund')]);
    const { user } = await renderOrdersPage();
    await user.click(await screen.findByRole('button', { name: detailsButton(1) }));
    // Not paid: nothing to ship, but it can be refunded — whole, since it never took its goods.
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    expect(screen.queryByRole('form', { name: 'Mark shipped' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 00000001' });
    expect(within(dialog).getByText('Refund $54.48 to the customer?')).toBeDefined();
    expect(within(dialog).queryAllByRole('combobox')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Keep the payment' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Nothing needs action: no order waits to be shipped or refunded.')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('check_circleOrder 00000001 refunded: $54.48 back to the customer');
    expect(fakeApi.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{}]);

    const views = screen.getByRole('navigation', { name: 'Order views' });
    await user.click(within(views).getByRole('link', { name: /^Refunded / }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Refunded']));
    expect(await screen.findByText(`re_${order(1, 'paid').id.slice(0, 4)}`)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
  });

  it('refunds one unit of a shipped order: it stays under Shipped, showing what went back', async () => {
    serveOrders([order(1, 'shipped', { trackingNumber: '1Z1' }), order(2, 'shipped')]);
    const { user } = await renderOrdersPage('?view=shipped');
    await waitFor(() => expect(statusOfRows()).toEqual(['Shipped', 'Shipped']));
    await user.click(screen.getByRole('button', { name: detailsButton(1) }));
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 00000001' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Units of MINGO Classic Tee (Size M · Black) to refund' }), '1');
    // $24.99 and its share of the $4.50 tax: $2.25.
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('Refund $27.24 to the customer?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('check_circleOrder 00000001 partly refunded: $27.24 back to the customer'),
    );
    expect(fakeApi.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { lines: [{ line: 1, quantity: 1 }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusOfRows()).toEqual(['Shipped', 'Shipped']);
    const [, refundedRow] = rows();
    expect(within(refundedRow ?? document.body).getByTestId('row-refunded').textContent).toBe('$27.24 refunded');
    expect(refundedRow?.textContent).toContain('2 × MINGO Classic Tee (Size M · Black) @ $24.99 · 1 refunded');
    expect(screen.getByTestId('order-refunded').textContent).toBe('Refunded so far: $27.24 of $54.48');
    expect(screen.getByRole('list', { name: 'Timeline' }).textContent).toContain('Partly refunded by Admin (refund re_)');

    // The last unit gives back the rest: the order moves to Refunded.
    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    const again = await screen.findByRole('dialog', { name: 'Refund order 00000001' });
    expect(within(again).getByTestId('refund-line').textContent).toContain('1 of 2 refunded already');
    expect(within(again).getByTestId('refund-amount').textContent).toBe('Refund $27.24 to the customer?');
    await user.click(within(again).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(statusOfRows()).toEqual(['Shipped']));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('check_circleOrder 00000001 refunded: $27.24 back to the customer'),
    );
    expect(fakeApi.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { lines: [{ line: 1, quantity: 1 }] },
      {},
    ]);
  });

  it('shows the server’s reason when shipping or refunding is refused, and a general one for a fault', async () => {
    serveOrders([order(1, 'paid')]);
    fakeApi.on(shipOrder, () => {
      throw new ApiError(409, 'conflict', 'A refund has been asked for this order: it can no longer be shipped.');
    });
    fakeApi.on(refundOrder, () => {
      throw new ApiError(502, 'provider_error', 'Stripe said no');
    });
    const { user } = await renderOrdersPage();
    await user.click(await screen.findByRole('button', { name: detailsButton(1) }));
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const form = screen.getByRole('form', { name: 'Mark shipped' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A refund has been asked for this order: it can no longer be shipped.',
    );
    expect(fakeApi.calls.at(-1)?.body).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Refund…' }));
    await user.click(screen.getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Something went wrong. Please try again.'),
    );
    expect(statusOfRows()).toEqual(['Paid']);
  });

  it('says why an order’s details cannot be shown', async () => {
    serveOrders([order(1, 'paid')]);
    fakeApi.on(getOrder, () => {
      throw new ApiError(404, 'not_found', 'Order not found.');
    });
    const { user } = await renderOrdersPage();
    await user.click(await screen.findByRole('button', { name: detailsButton(1) }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found.');
  });
});
