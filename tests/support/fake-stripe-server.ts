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
  refunds: { id: string; paymentIntent: string; idempotencyKey: string | undefined; amount: number | undefined }[];
  /** Makes the next session creation fail (HTTP 400). */
  failNext: () => void;
  /**
   * Holds the next refund creation until `release()`: `arrived` resolves when Stripe is "working
   * on it". Meanwhile a request with the same idempotency key is answered 409, as Stripe does,
   * and counted in `refundConflicts`.
   */
  holdNextRefund: () => { arrived: Promise<void>; release: () => void };
  /** 409 answers to a refund whose idempotency key was in use. */
  refundConflicts: () => number;
  /** Makes the next refund fail: 400 (Stripe declines it) or 500 (an error that is not retried). */
  failNextRefund: (status: 400 | 500) => void;
  close: () => Promise<void>;
};

/** A promise and the function that resolves it. */
function waitable(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A tiny stand-in for Stripe's API on 127.0.0.1, for tests only: it records what the official SDK
 * sends and answers `POST /v1/checkout/sessions` with a session object, `GET /v1/checkout/sessions/:id`
 * and `POST /v1/refunds` (the same refund again for a repeated idempotency key, and 409 while the
 * first request with that key is still running, as Stripe does).
 */
export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const sessionsByKey = new Map<string, object>();
  const sessionsById = new Map<string, object>();
  const refunds: FakeStripeServer['refunds'] = [];
  const refundsByKey = new Map<string, object>();
  let failures = 0;
  const refundFailures: (400 | 500)[] = [];
  let hold: { arrived: () => void; released: Promise<void> } | undefined;
  const keysInUse = new Set<string>();
  let conflicts = 0;
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
      const send = (status: number, body: object, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
          ...headers,
        });
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
        const key = recorded.idempotencyKey;
        if (key !== undefined && keysInUse.has(key)) {
          conflicts += 1;
          send(409, {
            error: {
              type: 'invalid_request_error',
              code: 'idempotency_key_in_use',
              message: 'There is currently another in-progress request using this idempotency key. Please try again later.',
            },
          });
          return;
        }
        const failure = refundFailures.shift();
        if (failure !== undefined) {
          // Stripe marks most of its 500s as not worth retrying (its idempotency layer would replay them).
          if (failure === 500)
            send(500, { error: { type: 'api_error', message: 'Fake Stripe error' } }, { 'stripe-should-retry': 'false' });
          else
            send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'payment_intent',
                message: `No such payment_intent: '${paymentIntent}'`,
              },
            });
          return;
        }
        const repeat = key === undefined ? undefined : refundsByKey.get(key);
        if (repeat !== undefined) {
          send(200, repeat);
          return;
        }
        const id = `re_test_${randomBytes(12).toString('hex')}`;
        const refund = {
          id,
          object: 'refund',
          payment_intent: paymentIntent,
          status: 'succeeded',
          metadata: { order_id: fields['metadata[order_id]'] ?? null },
        };
        const complete = () => {
          if (key !== undefined) keysInUse.delete(key);
          refunds.push({ id, paymentIntent, idempotencyKey: key, amount: fields.amount === undefined ? undefined : Number(fields.amount) });
          if (key !== undefined) refundsByKey.set(key, refund);
          send(200, refund);
        };
        const held = hold;
        hold = undefined;
        if (held === undefined) {
          complete();
          return;
        }
        if (key !== undefined) keysInUse.add(key);
        held.arrived();
        void held.released.then(complete);
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
    holdNextRefund: () => {
      const arrival = waitable();
      const release = waitable();
      hold = { arrived: arrival.resolve, released: release.promise };
      return { arrived: arrival.promise, release: release.resolve };
    },
    refundConflicts: () => conflicts,
    failNextRefund: (status) => {
      refundFailures.push(status);
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
  /**
   * The webhook API version of the event (default: the SDK's). Before 2025-03-31.basil the address
   * is in a top-level `shipping_details`; since 2025-02-24.acacia in `collected_information`.
   */
  apiVersion?: string;
};

/** A Stripe event payload for a checkout session, as Stripe would post it. */
export function stripeSessionEvent(type: string, session: TestSession, eventId = `evt_${randomBytes(10).toString('hex')}`): string {
  const apiVersion = session.apiVersion ?? Stripe.API_VERSION;
  // 2025-02-24.acacia added collected_information; 2025-03-31.basil removed the top-level field.
  const topLevel = apiVersion < '2025-03-31';
  const collected = apiVersion >= '2025-02-24';
  const address = session.shipping;
  const shippingDetails =
    address === undefined
      ? null
      : {
          name: address.name,
          address: {
            line1: address.line1,
            line2: address.line2 ?? null,
            city: address.city,
            state: address.state ?? null,
            postal_code: address.postalCode,
            country: address.country,
          },
        };
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: apiVersion,
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
        ...(topLevel ? { shipping_details: shippingDetails } : {}),
        ...(collected
          ? {
              collected_information:
                shippingDetails === null ? null : { business_name: null, individual_name: null, shipping_details: shippingDetails },
            }
          : {}),
      },
    },
  });
}

/** The Stripe-Signature header for a payload, made with the SDK's own test helper. */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}
