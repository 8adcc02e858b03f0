import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { orderEmail, type EmailOrder, type OrderEmailParts } from './order-emails';

// Each order e-mail rendered as the server sends it: the text part as a string, the HTML part with
// react-dom/server, read back as a mail client would show it. The texts are the ones the shop has
// always sent (decision 172); the partial-refund notice is decision 192's.

/** A fictional order: 2 tees and a poster, free delivery, shipped to a made-up address. */
const ORDER: EmailOrder = {
  id: 'abcdef12-3456-4789-8abc-def012345678',
  items: [
    { productName: 'Classic Tee', quantity: 2, unitPriceCents: 2500, shirtSize: 'M', shirtColor: 'Black', vinylColor: null },
    { productName: 'Reel Poster', quantity: 1, unitPriceCents: 1200, shirtSize: null, shirtColor: null, vinylColor: null },
  ],
  subtotalCents: 6200,
  deliveryCents: 0,
  taxCents: 667,
  totalCents: 6867,
  shippingAddress: {
    name: 'Ada Fan',
    line1: '1 Main St',
    line2: null,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  shippingCarrier: 'UPS',
  trackingNumber: '1Z999',
};

const ORDER_TEXT = [
  '  2 × Classic Tee (Size M · Black)  $50.00',
  '  1 × Reel Poster  $12.00',
  '',
  '  Subtotal: $62.00',
  '  Delivery: Free',
  '  Tax: $6.67',
  '  Total: $68.67',
  '',
  'Shipping to:',
  '  Ada Fan',
  '  1 Main St',
  '  Springfield, IL, 62701',
  '  US',
].join('\n');

/** The HTML part as the server sends it, parsed as a document. */
function htmlOf(email: OrderEmailParts): Document {
  const html = `<!doctype html>${renderToStaticMarkup(email.html)}`;
  return new DOMParser().parseFromString(html, 'text/html');
}

const rowsOf = (page: Document) =>
  [...page.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? ''));

const ORDER_ROWS = [
  ['Item', 'Qty', 'Amount'],
  ['Classic TeeSize M · Black', '2', '$50.00'],
  ['Reel Poster', '1', '$12.00'],
  ['Subtotal', '$62.00'],
  ['Delivery', 'Free'],
  ['Tax', '$6.67'],
  ['Total', '$68.67'],
];

describe('order e-mails', () => {
  it('the receipt: items, options, totals and the address, in both parts', () => {
    const email = orderEmail('receipt', ORDER);
    expect(email.subject).toBe('Your MINGO receipt for order #ABCDEF12');
    expect(email.text).toBe(
      'Your MINGO receipt for order #ABCDEF12\n\n' +
        'Thank you for your order! We received your payment of $68.67. Merchandise ships in 2–4 weeks; we will e-mail you when it leaves.\n\n' +
        `${ORDER_TEXT}\n\n— MINGO\n`,
    );
    const page = htmlOf(email);
    expect(page.documentElement.lang).toBe('en');
    expect(page.title).toBe('Your MINGO receipt for order #ABCDEF12');
    expect(page.querySelector('h1')?.textContent).toBe('Your MINGO receipt for order #ABCDEF12');
    expect(page.querySelector('p')?.textContent).toBe(
      'Thank you for your order! We received your payment of $68.67. Merchandise ships in 2–4 weeks; we will e-mail you when it leaves.',
    );
    expect(rowsOf(page)).toEqual(ORDER_ROWS);
    expect(page.querySelector('h2')?.textContent).toBe('Shipping to');
    expect(page.querySelector('h2 + p')?.innerHTML).toBe('Ada Fan<br>1 Main St<br>Springfield, IL, 62701<br>US');
    expect(page.body.lastElementChild?.textContent).toBe('— MINGO');
  });

  it('the shipping notice: the tracking number with its carrier, or that there is none', () => {
    const email = orderEmail('shipped', ORDER);
    expect(email.subject).toBe('Your MINGO order #ABCDEF12 has shipped');
    expect(email.text).toBe(
      'Your MINGO order #ABCDEF12 has shipped\n\nGood news: your order is on its way.\nTracking number: 1Z999 (UPS)\n\n' +
        `${ORDER_TEXT}\n\n— MINGO\n`,
    );
    const page = htmlOf(email);
    expect([...page.querySelectorAll('body > p')].map((p) => p.textContent)).toEqual([
      'Good news: your order is on its way.',
      'Tracking number: 1Z999 (UPS)',
      'Ada Fan1 Main StSpringfield, IL, 62701US',
      '— MINGO',
    ]);
    expect(page.querySelector('strong')?.textContent).toBe('Tracking number: 1Z999 (UPS)');
    expect(rowsOf(page)).toEqual(ORDER_ROWS);

    const untracked = orderEmail('shipped', { ...ORDER, trackingNumber: null, shippingCarrier: null, shippingAddress: null });
    expect(untracked.text).toContain('Good news: your order is on its way.\nNo tracking number was given for this shipment.\n\n');
    expect(untracked.text).not.toContain('Shipping to:');
    expect(htmlOf(untracked).querySelector('strong')?.textContent).toBe('No tracking number was given for this shipment.');
    expect(htmlOf(untracked).querySelector('h2')).toBeNull();
  });

  it('the refund notice: the whole order refunded (its total), or the last units after partial refunds (that refund)', () => {
    const email = orderEmail('refunded', ORDER);
    expect(email.subject).toBe('Your MINGO order #ABCDEF12 was refunded');
    expect(email.text).toBe(
      'Your MINGO order #ABCDEF12 was refunded\n\n' +
        'We refunded $68.67 to your original payment method. It can take 5–10 business days to appear on your statement.\n\n' +
        `${ORDER_TEXT}\n\n— MINGO\n`,
    );
    const page = htmlOf(email);
    expect(page.querySelector('h1')?.textContent).toBe('Your MINGO order #ABCDEF12 was refunded');
    expect(page.querySelector('p')?.textContent).toBe(
      'We refunded $68.67 to your original payment method. It can take 5–10 business days to appear on your statement.',
    );
    expect(rowsOf(page)).toEqual(ORDER_ROWS);

    const last = orderEmail('refunded', ORDER, { amountCents: 4098, lines: [{ position: 0, quantity: 1 }] });
    expect(last.text).toContain('We refunded $40.98 to your original payment method.');
    expect(htmlOf(last).querySelector('p')?.textContent).toContain('We refunded $40.98 to your original payment method.');
  });

  it('the partial-refund notice: what came back, its price and tax, and the money refunded', () => {
    const email = orderEmail('partial_refund', ORDER, { amountCents: 2769, lines: [{ position: 0, quantity: 1 }] });
    expect(email.subject).toBe('Part of your MINGO order #ABCDEF12 was refunded');
    expect(email.text).toBe(
      [
        'Part of your MINGO order #ABCDEF12 was refunded',
        '',
        'We refunded $27.69 to your original payment method for the items below. It can take 5–10 business days to appear on your statement.',
        '',
        '  1 × Classic Tee (Size M · Black)  $25.00',
        '',
        '  Items: $25.00',
        '  Tax: $2.69',
        '  Refunded: $27.69',
        '',
        '— MINGO',
        '',
      ].join('\n'),
    );
    const page = htmlOf(email);
    expect(page.title).toBe('Part of your MINGO order #ABCDEF12 was refunded');
    expect(page.querySelector('p')?.textContent).toBe(
      'We refunded $27.69 to your original payment method for the items below. It can take 5–10 business days to appear on your statement.',
    );
    expect(rowsOf(page)).toEqual([
      ['Item', 'Qty', 'Amount'],
      ['Classic TeeSize M · Black', '1', '$25.00'],
      ['Items', '$25.00'],
      ['Tax', '$2.69'],
      ['Refunded', '$27.69'],
    ]);
    // Not where the order ships: nothing is sent.
    expect(page.querySelector('h2')).toBeNull();

    const two = orderEmail('partial_refund', ORDER, {
      amountCents: 4098,
      lines: [
        { position: 1, quantity: 1 },
        { position: 0, quantity: 1 },
      ],
    });
    expect(two.text).toContain('  1 × Reel Poster  $12.00\n  1 × Classic Tee (Size M · Black)  $25.00\n\n  Items: $37.00\n  Tax: $3.98');
  });

  it('escapes what shoppers typed: markup in a name is text in both parts', () => {
    const hostile = { ...ORDER, shippingAddress: { ...ORDER.shippingAddress, name: '<b>Ada</b> & "Co"' } } as EmailOrder;
    const email = orderEmail('receipt', hostile);
    expect(email.text).toContain('  <b>Ada</b> & "Co"\n');
    const html = renderToStaticMarkup(email.html);
    expect(html).toContain('&lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<b>Ada</b>');
  });
});
