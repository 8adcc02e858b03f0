import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SessionIdSchema, TEST_CARD_NUMBER, testCheckoutPaths } from '../../shared/orders';
import type { RouteOptions } from '../context';
import { optionsText } from '../orders/checkout';
import { applyPaymentEvent } from '../orders/fulfilment';
import { createOrderRepository, type OrderWithItems } from '../orders/order-repository';
import type { PaymentProvider } from './payment-provider';
import { renderTestCheckoutMessage, renderTestCheckoutPage, TEST_CHECKOUT_CSS, type TestCheckoutView } from './test-checkout-page';

const SHOP = { href: '/shop', text: 'Back to the shop' };
const successUrl = (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`;
const CANCEL_URL = '/cancel';

const PayFormSchema = z.object({
  cardNumber: z.string().max(64).default(''),
  email: z.string().trim().max(254).default(''),
});

function viewOf(order: OrderWithItems, sessionId: string): TestCheckoutView {
  return {
    sessionId,
    status: order.status,
    items: order.items.map((item) => ({ ...item, optionsText: optionsText(item) })),
    subtotalCents: order.subtotalCents,
    deliveryCents: order.deliveryCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The built-in test provider's hosted checkout (PAYMENT_PROVIDER=test): a page showing the
 * order, a card field that takes the well-known test card, and Pay / Cancel forms. Both go
 * through applyPaymentEvent, exactly like Stripe's webhook, then redirect to /success or /cancel.
 * With the Stripe provider these routes answer 404.
 */
export const testCheckoutRoutes: FastifyPluginAsync<RouteOptions & { payments: PaymentProvider }> = async (app, { ctx, payments }) => {
  const db = ctx.database.db;
  const orders = createOrderRepository(db);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** The pending-or-not order of a test session; answers the request itself when there is none. */
  async function orderFor(request: FastifyRequest, reply: FastifyReply): Promise<{ order: OrderWithItems; sessionId: string } | undefined> {
    const sessionId = SessionIdSchema.safeParse((request.params as { sessionId?: unknown }).sessionId).data;
    const order = payments.name !== 'test' || sessionId === undefined ? undefined : await orders.findBySession(sessionId);
    if (order === undefined || order.provider !== 'test' || sessionId === undefined) {
      await sendHtml(reply, 404, renderTestCheckoutMessage('Checkout not found', 'There is no test checkout with this address.', SHOP));
      return undefined;
    }
    return { order, sessionId };
  }

  /** A session that is no longer pending: paid ones go to /success, closed ones say so. */
  async function closed(reply: FastifyReply, order: OrderWithItems, sessionId: string): Promise<FastifyReply> {
    if (order.status === 'paid' || order.status === 'needs_refund') return reply.redirect(successUrl(sessionId), 303);
    return sendHtml(reply, 409, renderTestCheckoutMessage('Checkout closed', `This checkout was ${order.status} and can no longer be paid.`, SHOP));
  }

  app.get(testCheckoutPaths.styles, { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(TEST_CHECKOUT_CSS),
  );

  app.get(testCheckoutPaths.page, { config: { access: 'public' } }, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (found === undefined) return reply;
    if (found.order.status !== 'pending') return closed(reply, found.order, found.sessionId);
    return sendHtml(reply, 200, renderTestCheckoutPage(viewOf(found.order, found.sessionId)));
  });

  app.post(testCheckoutPaths.pay, { config: { access: 'public' } }, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (found === undefined) return reply;
    const { order, sessionId } = found;
    if (order.status !== 'pending') return closed(reply, order, sessionId);

    const form = PayFormSchema.safeParse(request.body ?? {});
    const cardNumber = (form.data?.cardNumber ?? '').replace(/[\s-]/g, '');
    const email = form.data?.email ?? '';
    const refuse = (message: string) => sendHtml(reply, 422, renderTestCheckoutPage(viewOf(order, sessionId), { message, email }));
    if (cardNumber !== TEST_CARD_NUMBER) {
      return refuse('Your card was declined. This is test mode: use the test card 4242 4242 4242 4242.');
    }
    if (email !== '' && !z.email().safeParse(email).success) return refuse('Please enter a valid email address, or leave it empty.');

    const result = await applyPaymentEvent(db, {
      provider: 'test',
      eventId: `test_${sessionId}_pay`,
      type: 'test.checkout.paid',
      sessionId,
      orderId: order.id,
      outcome: 'paid',
      ...(email === '' ? {} : { customerEmail: email }),
    });
    request.log.info({ orderId: order.id, sessionId, result }, 'test checkout paid');
    return reply.redirect(successUrl(sessionId), 303);
  });

  app.post(testCheckoutPaths.cancel, { config: { access: 'public' } }, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (found === undefined) return reply;
    const { order, sessionId } = found;
    if (order.status === 'paid' || order.status === 'needs_refund') return closed(reply, order, sessionId);
    const result = await applyPaymentEvent(db, {
      provider: 'test',
      eventId: `test_${sessionId}_cancel`,
      type: 'test.checkout.cancelled',
      sessionId,
      orderId: order.id,
      outcome: 'cancelled',
    });
    request.log.info({ orderId: order.id, sessionId, result }, 'test checkout cancelled');
    return reply.redirect(CANCEL_URL, 303);
  });
};
