import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  countOrders,
  exportOrders,
  getOrder,
  getOrderBySession,
  listDeadLetters,
  listOrders,
  maskEmail,
  ORDER_NOT_FOUND_FOR_SESSION,
  receiptDetailsVisible,
  refundOrder,
  resendDeadLetter,
  shipOrder,
} from '../../shared/orders';
import { notFound } from '../../shared/errors';
import { requireUser } from '../auth/guards';
import type { RouteOptions } from '../context';
import type { OrderService } from '../orders/order-lifecycle';
import { createOrderRepository, toOrderSummaryDto } from '../orders/order-repository';
import { listDeadLetters as deadLetters, resendDeadLetter as resend } from '../orders/order-outbox';
import { route } from '../route';

export type OrderRouteOptions = RouteOptions & { orders: OrderService };

export const orderRoutes: FastifyPluginAsync<OrderRouteOptions> = async (app, { ctx, orders: service }) => {
  const orders = createOrderRepository(ctx.database.db);

  // Public: session ids are long and random. The ship-to address and the masked receipt e-mail
  // are shown for a day after payment only, so an old /success link (in a browser history, a
  // shared screen) gives nothing away (decision 181); the full e-mail never leaves here.
  route(app, getOrderBySession, { access: 'public' }, async ({ params, reply }) => {
    const order = await orders.findBySession(params.sessionId);
    if (order === undefined) throw notFound(ORDER_NOT_FOUND_FOR_SESSION);
    // The status changes when the provider confirms the payment: never cache it.
    reply.header('cache-control', 'no-store');
    const summary = toOrderSummaryDto(order);
    if (!receiptDetailsVisible(order, new Date())) return summary;
    return {
      ...summary,
      ...(order.shippingAddress === null ? {} : { shipTo: order.shippingAddress }),
      ...(order.customerEmail === null ? {} : { receiptEmail: maskEmail(order.customerEmail) }),
    };
  });

  route(app, listOrders, { access: 'admin' }, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return service.list(query);
  });

  route(app, countOrders, { access: 'admin' }, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return service.counts();
  });

  route(app, exportOrders, { access: 'admin' }, async ({ query, reply }) => {
    // Streamed: rows go out as they are read, whatever the number of orders.
    const csv = Readable.from(service.exportCsv(query));
    const name = `mingo-orders${[query.view, query.status].map((part) => (part === undefined ? '' : `-${part}`)).join('')}.csv`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .type('text/csv; charset=utf-8; header=present')
      .send(csv);
  });

  route(app, getOrder, { access: 'admin' }, async ({ params, reply }) => {
    reply.header('cache-control', 'no-store');
    return service.detail(params.id);
  });

  route(app, shipOrder, { access: 'admin' }, async ({ params, body, request }) => service.ship(params.id, body, requireUser(request)));

  route(app, refundOrder, { access: 'admin' }, async ({ params, body, request }) => service.refund(params.id, body, requireUser(request)));

  route(app, listDeadLetters, { access: 'admin' }, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { items: await deadLetters(ctx.database.db) };
  });

  route(app, resendDeadLetter, { access: 'admin' }, async ({ params, request }) => {
    const email = await resend(ctx.database.db, params.id);
    request.log.info(
      { emailId: email.id, orderId: email.orderId, kind: email.kind, by: requireUser(request).id },
      'dead-letter e-mail queued again',
    );
    service.emailQueued();
    return email;
  });
};
