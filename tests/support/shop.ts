import type { LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import { TEST_ORIGIN } from './auth';
import { EVENTUALLY } from './eventually';
import type { TestApp } from './test-app';

// A shopper's way through the shop for server tests: a cart checked out, the hosted test checkout's
// forms posted from its own page, and the order e-mails the mail worker sends in the background.

/** The headers of a form the hosted test checkout posts from its own page. */
export const SAME_ORIGIN_FORM = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };

/** A shipping address the test checkout's form accepts. */
export const TEST_ADDRESS = { name: 'Ada Fan', line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };

/** The one card number the test provider accepts. */
export const ACCEPTED_CARD = '4242424242424242';

export type CartLine = {
  product: { id: string };
  quantity: number;
  selectedShirtSize?: string | null;
  selectedVinylColor?: string | null;
};

type ShopApp = Pick<TestApp, 'app' | 'database'>;

/** Posts a cart to the checkout endpoint as the shop's own page does, from `remoteAddress` when given. */
export function postCheckout(t: ShopApp, lines: CartLine[], remoteAddress?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: { origin: TEST_ORIGIN },
    payload: lines,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** The checkout session's id: the last segment of the URL the checkout answered (test provider's or Stripe's). */
export const sessionIdOf = (response: LightMyRequestResponse): string => response.json<{ url: string }>().url.split('/').pop() ?? '';

/** The id of the order that checkout session belongs to. */
export async function orderIdOf(t: ShopApp, sessionId: string): Promise<string> {
  const row = await t.database.db.selectFrom('orders').select('id').where('provider_session_id', '=', sessionId).executeTakeFirstOrThrow();
  return row.id;
}

/** A checkout of these lines that must be accepted: its session's id and its order's id. */
export async function startCheckout(
  t: ShopApp,
  lines: CartLine[],
  remoteAddress?: string,
): Promise<{ sessionId: string; orderId: string }> {
  const response = await postCheckout(t, lines, remoteAddress);
  expect(response.statusCode, response.body).toBe(200);
  const sessionId = sessionIdOf(response);
  return { sessionId, orderId: await orderIdOf(t, sessionId) };
}

/** Pay or Cancel on the hosted test checkout's page, with this form. */
export function testCheckoutAction(
  t: ShopApp,
  sessionId: string,
  action: 'pay' | 'cancel',
  form: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/checkout/test/${sessionId}/${action}`,
    headers: SAME_ORIGIN_FORM,
    payload: new URLSearchParams(form).toString(),
  });
}

/** Pays on the hosted test checkout: TEST_ADDRESS and the accepted card, with `form`'s fields (the e-mail, at least) over them. */
export function payTestCheckout(t: ShopApp, sessionId: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
  return testCheckoutAction(t, sessionId, 'pay', { ...TEST_ADDRESS, cardNumber: ACCEPTED_CARD, ...form });
}

/** The mail worker sends in the background (decision 172): waits until it has sent every queued e-mail. */
export function allMailSent(t: ShopApp): Promise<void> {
  return vi.waitFor(async () => {
    const unsent = await t.database.db.selectFrom('order_emails').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);
  }, EVENTUALLY);
}
