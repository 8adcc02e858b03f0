import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request the fake Stripe API received: form fields flattened as the SDK sends them. */
export type RecordedStripeRequest = {
  method: string;
  path: string;
  fields: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

export type FakeStripeServer = {
  url: string;
  requests: RecordedStripeRequest[];
  /** Refunds created (one per distinct idempotency key), in order. */
  refunds: { id: string; paymentIntent: string; idempotencyKey: string | undefined }[];
  /** Makes the next session creation answer HTTP 500 (provider outage). */
  failNext: () => void;
  close: () => Promise<void>;
};

/**
 * A tiny stand-in for Stripe's API on 127.0.0.1, for tests only: it records what the official SDK
 * sends and answers `POST /v1/checkout/sessions` with a session object, `GET /v1/checkout/sessions/:id`
 * and `POST /v1/refunds` (the same refund again for a repeated idempotency key, as Stripe does).
 */
export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const sessionsByKey = new Map<string, object>();
  const sessionsById = new Map<string, object>();
  const refunds: FakeStripeServer['refunds'] = [];
  const refundsByKey = new Map<string, object>();
  let failures = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const idempotencyKey = request.headers['idempotency-key'];
      const recorded: RecordedStripeRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        fields,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        authorization: request.headers.authorization,
      };
      requests.push(recorded);
      const send = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        response.end(JSON.stringify(body));
      };
      const sessionPath = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(recorded.path);
      if (recorded.method === 'GET' && sessionPath !== null) {
        const found = sessionsById.get(sessionPath[1] ?? '');
        if (found === undefined) send(404, { error: { type: 'invalid_request_error', message: 'No such checkout session' } });
        else send(200, found);
        return;
      }
      if (recorded.method === 'POST' && recorded.path === '/v1/refunds') {
        const paymentIntent = fields.payment_intent;
        if (paymentIntent === undefined) {
          send(400, { error: { type: 'invalid_request_error', message: 'payment_intent is required' } });
          return;
        }
        const repeat = recorded.idempotencyKey === undefined ? undefined : refundsByKey.get(recorded.idempotencyKey);
        if (repeat !== undefined) {
          send(200, repeat);
          return;
        }
        const id = `re_test_${randomBytes(12).toString('hex')}`;
        const refund = { id, object: 'refund', payment_intent: paymentIntent, status: 'succeeded', metadata: { order_id: fields['metadata[order_id]'] ?? null } };
        refunds.push({ id, paymentIntent, idempotencyKey: recorded.idempotencyKey });
        if (recorded.idempotencyKey !== undefined) refundsByKey.set(recorded.idempotencyKey, refund);
        send(200, refund);
        return;
      }
      if (recorded.method !== 'POST' || recorded.path !== '/v1/checkout/sessions') {
        send(404, { error: { type: 'invalid_request_error', message: 'Unknown path in the fake Stripe server' } });
        return;
      }
      if (failures > 0) {
        failures -= 1;
        // A 400 is not retried by the SDK, so one failNext() means exactly one failed call.
        send(400, { error: { type: 'invalid_request_error', message: 'Fake failure' } });
        return;
      }
      const known = recorded.idempotencyKey === undefined ? undefined : sessionsByKey.get(recorded.idempotencyKey);
      if (known !== undefined) {
        send(200, known);
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        currency: 'usd',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata: { order_id: fields['metadata[order_id]'] ?? null },
        payment_intent: `pi_test_${id.slice(8)}`,
      };
      sessionsById.set(id, session);
      if (recorded.idempotencyKey !== undefined) sessionsByKey.set(recorded.idempotencyKey, session);
      send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    failNext: () => {
      failures += 1;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error === undefined ? resolve() : reject(error)))),
  };
}

export type TestSession = {
  id: string;
  orderId?: string;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  email?: string;
  amountTotal?: number;
  currency?: string;
  amountTax?: number;
  /** The PaymentIntent of a paid session (Stripe sends it; refunds need it). */
  paymentIntent?: string;
  shipping?: { name: string; line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };
};

/** A Stripe event payload for a checkout session, as Stripe would post it. */
export function stripeSessionEvent(type: string, session: TestSession, eventId = `evt_${randomBytes(10).toString('hex')}`): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        payment_status: session.paymentStatus ?? 'paid',
        metadata: session.orderId === undefined ? {} : { order_id: session.orderId },
        customer_details: session.email === undefined ? null : { email: session.email },
        amount_total: session.amountTotal ?? null,
        currency: session.currency ?? 'usd',
        total_details: session.amountTax === undefined ? null : { amount_tax: session.amountTax, amount_discount: 0, amount_shipping: 0 },
        payment_intent: session.paymentIntent ?? null,
        collected_information:
          session.shipping === undefined
            ? null
            : {
                business_name: null,
                individual_name: null,
                shipping_details: {
                  name: session.shipping.name,
                  address: {
                    line1: session.shipping.line1,
                    line2: session.shipping.line2 ?? null,
                    city: session.shipping.city,
                    state: session.shipping.state ?? null,
                    postal_code: session.shipping.postalCode,
                    country: session.shipping.country,
                  },
                },
              },
      },
    },
  });
}

/** The Stripe-Signature header for a payload, made with the SDK's own test helper. */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}
