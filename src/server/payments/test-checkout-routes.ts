import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  SessionIdSchema,
  shippingFormSchema,
  TEST_CARD_NUMBER,
  testCheckoutCancel,
  testCheckoutPage,
  testCheckoutPay,
  testCheckoutStyles,
} from '../../shared/orders';
import { checkoutReturnPaths } from '../../shared/page-meta';
import type { RouteOptions } from '../context';
import { optionsText } from '../../domain/product-options';
import { isPayable } from '../../domain/stock-reservation';
import { applyPaymentEvent } from '../orders/fulfilment';
import type { OrderService } from '../orders/order-lifecycle';
import { createOrderRepository, type OrderWithItems } from '../orders/order-repository';
import { route } from '../route';
import type { PaymentProvider } from './payment-provider';
import { testPaymentReference } from './test-provider';
import type { TestCheckoutProblem, TestCheckoutView } from '../../ui/test-checkout-page';
import { renderTestCheckoutMessage, renderTestCheckoutPage, TEST_CHECKOUT_CSS } from './test-checkout-page';

const SHOP = { href: '/shop', text: 'Back to the shop' };
const FORM_FIELDS = ['email', 'name', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;

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
export const testCheckoutRoutes: FastifyPluginAsync<RouteOptions & { payments: PaymentProvider; orders: OrderService }> = async (
  app,
  { ctx, payments, orders: service },
) => {
  const db = ctx.database.db;
  const countries = ctx.config.shipCountries;
  const ShippingFormSchema = shippingFormSchema(countries);
  const orders = createOrderRepository(db);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** The pending-or-not order of a test session; answers the request itself when there is none. */
  async function orderFor(sessionId: string, reply: FastifyReply): Promise<{ order: OrderWithItems; sessionId: string } | undefined> {
    const wellFormed = SessionIdSchema.safeParse(sessionId).success;
    const order = payments.name !== 'test' || !wellFormed ? undefined : await orders.findBySession(sessionId);
    if (order === undefined || order.provider !== 'test') {
      await sendHtml(reply, 404, renderTestCheckoutMessage('Checkout not found', 'There is no test checkout with this address.', SHOP));
      return undefined;
    }
    if (order.status === 'pending' && !isPayable(order.reservedUntil, new Date())) {
      // Like a Stripe session past its expires_at: it can no longer be paid, and its stock goes back now.
      await applyPaymentEvent(db, {
        provider: 'test',
        eventId: `test_${sessionId}_expire`,
        type: 'test.checkout.expired',
        sessionId,
        orderId: order.id,
        outcome: 'expired',
      });
      const expired = await orders.findBySession(sessionId);
      return { order: expired ?? { ...order, status: 'expired' }, sessionId };
    }
    return { order, sessionId };
  }

  /** A session that is no longer pending: paid ones go to /success, closed ones say so. */
  async function closed(reply: FastifyReply, order: OrderWithItems, sessionId: string): Promise<FastifyReply> {
    if (order.status === 'paid' || order.status === 'needs_refund') return reply.redirect(checkoutReturnPaths.success(sessionId), 303);
    return sendHtml(
      reply,
      409,
      renderTestCheckoutMessage('Checkout closed', `This checkout was ${order.status} and can no longer be paid.`, SHOP),
    );
  }

  route(app, testCheckoutStyles, { access: 'public' }, async ({ reply }) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(TEST_CHECKOUT_CSS),
  );

  route(app, testCheckoutPage, { access: 'public' }, async ({ params, reply }) => {
    const found = await orderFor(params.sessionId, reply);
    if (found === undefined) return reply;
    if (found.order.status !== 'pending') return closed(reply, found.order, found.sessionId);
    return sendHtml(reply, 200, renderTestCheckoutPage(viewOf(found.order, found.sessionId), countries));
  });

  route(app, testCheckoutPay, { access: 'public' }, async ({ params, body, request, reply }) => {
    const found = await orderFor(params.sessionId, reply);
    if (found === undefined) return reply;
    const { order, sessionId } = found;
    if (order.status !== 'pending') return closed(reply, order, sessionId);

    const form = body;
    const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, form[name] ?? '']));
    const refuse = (problems: TestCheckoutProblem['problems']) =>
      sendHtml(reply, 422, renderTestCheckoutPage(viewOf(order, sessionId), countries, { problems, values }));
    const shipping = ShippingFormSchema.safeParse(values);
    // Every address problem at once, in the order of the form: the first one of each field.
    if (!shipping.success) {
      return refuse(
        FORM_FIELDS.flatMap((name) => {
          const issue = shipping.error.issues.find((candidate) => candidate.path[0] === name);
          return issue === undefined ? [] : [{ field: name, message: issue.message }];
        }),
      );
    }
    const cardNumber = (form.cardNumber ?? '').replace(/[\s-]/g, '');
    if (cardNumber !== TEST_CARD_NUMBER) {
      return refuse([{ field: 'card', message: 'Your card was declined. This is test mode: use the test card 4242 4242 4242 4242.' }]);
    }
    const { email, name, line1, line2, city, state, postalCode, country } = shipping.data;

    const result = await applyPaymentEvent(db, {
      provider: 'test',
      eventId: `test_${sessionId}_pay`,
      type: 'test.checkout.paid',
      sessionId,
      orderId: order.id,
      outcome: 'paid',
      customerEmail: email,
      shippingAddress: { name, line1, line2: line2 === '' ? null : line2, city, state: state === '' ? null : state, postalCode, country },
      paymentReference: testPaymentReference(sessionId),
    });
    request.log.info({ orderId: order.id, sessionId, result }, 'test checkout paid');
    service.emailQueued();
    return reply.redirect(checkoutReturnPaths.success(sessionId), 303);
  });

  route(app, testCheckoutCancel, { access: 'public' }, async ({ params, request, reply }) => {
    const found = await orderFor(params.sessionId, reply);
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
    return reply.redirect(checkoutReturnPaths.cancel, 303);
  });
};
