import { formatUsd } from '../../domain/format';
import { PRODUCT_NAME } from '../../shared/product';
import type { ORDER_EMAIL_KINDS, ShippingAddress } from '../../shared/orders';
import { escapeMarkup } from '../../domain/markup';
import { optionsText } from '../../domain/product-options';
import type { OrderWithItems } from './order-repository';

export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export type RenderedEmail = { subject: string; text: string; html: string };

const shortId = (id: string) => id.slice(0, 8).toUpperCase();

export function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, address.state, address.postalCode].filter((part) => part !== null && part !== '').join(', ');
  return [address.name, address.line1, address.line2 ?? '', cityLine, address.country].filter((line) => line !== '');
}

function itemLines(order: OrderWithItems): { name: string; options: string; quantity: number; amount: string }[] {
  return order.items.map((item) => ({
    name: item.productName,
    options: optionsText(item),
    quantity: item.quantity,
    amount: formatUsd(item.unitPriceCents * item.quantity),
  }));
}

function totalsLines(order: OrderWithItems): [string, string][] {
  return [
    ['Subtotal', formatUsd(order.subtotalCents)],
    ['Delivery', order.deliveryCents === 0 ? 'Free' : formatUsd(order.deliveryCents)],
    ['Tax', formatUsd(order.taxCents)],
    ['Total', formatUsd(order.totalCents)],
  ];
}

function textOrder(order: OrderWithItems): string {
  const items = itemLines(order).map(
    (item) => `  ${item.quantity} × ${item.name}${item.options === '' ? '' : ` (${item.options})`}  ${item.amount}`,
  );
  const totals = totalsLines(order).map(([label, value]) => `  ${label}: ${value}`);
  const address =
    order.shippingAddress === null ? [] : ['', 'Shipping to:', ...addressLines(order.shippingAddress).map((line) => `  ${line}`)];
  return [...items, '', ...totals, ...address].join('\n');
}

function htmlOrder(order: OrderWithItems): string {
  const rows = itemLines(order)
    .map(
      (item) =>
        `<tr><td>${escapeMarkup(item.name)}${item.options === '' ? '' : `<br><small>${escapeMarkup(item.options)}</small>`}</td><td align="right">${item.quantity}</td><td align="right">${escapeMarkup(item.amount)}</td></tr>`,
    )
    .join('');
  const totals = totalsLines(order)
    .map(([label, value]) => `<tr><th colspan="2" align="left">${label}</th><td align="right">${escapeMarkup(value)}</td></tr>`)
    .join('');
  const address =
    order.shippingAddress === null
      ? ''
      : `<h2>Shipping to</h2><p>${addressLines(order.shippingAddress).map(escapeMarkup).join('<br>')}</p>`;
  return `<table cellpadding="4"><thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Amount</th></tr></thead><tbody>${rows}</tbody><tfoot>${totals}</tfoot></table>${address}`;
}

function html(title: string, intro: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title></head><body><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(intro)}</p>${body}<p>— ${PRODUCT_NAME}</p></body></html>`;
}

/** The plain-text and HTML bodies of one order e-mail. */
export function renderOrderEmail(kind: OrderEmailKind, order: OrderWithItems): RenderedEmail {
  const ref = `#${shortId(order.id)}`;
  switch (kind) {
    case 'receipt': {
      const subject = `Your ${PRODUCT_NAME} receipt for order ${ref}`;
      const intro = `Thank you for your order! We received your payment of ${formatUsd(order.totalCents)}. Merchandise ships in 2–4 weeks; we will e-mail you when it leaves.`;
      return {
        subject,
        text: `${subject}\n\n${intro}\n\n${textOrder(order)}\n\n— ${PRODUCT_NAME}\n`,
        html: html(subject, intro, htmlOrder(order)),
      };
    }
    case 'shipped': {
      const subject = `Your ${PRODUCT_NAME} order ${ref} has shipped`;
      const carrier = order.shippingCarrier ?? '';
      const tracking = order.trackingNumber ?? '';
      const trackingText =
        tracking === ''
          ? 'No tracking number was given for this shipment.'
          : `Tracking number: ${tracking}${carrier === '' ? '' : ` (${carrier})`}`;
      const intro = 'Good news: your order is on its way.';
      return {
        subject,
        text: `${subject}\n\n${intro}\n${trackingText}\n\n${textOrder(order)}\n\n— ${PRODUCT_NAME}\n`,
        html: html(subject, intro, `<p><strong>${escapeMarkup(trackingText)}</strong></p>${htmlOrder(order)}`),
      };
    }
    case 'refunded': {
      const subject = `Your ${PRODUCT_NAME} order ${ref} was refunded`;
      const intro = `We refunded ${formatUsd(order.totalCents)} to your original payment method. It can take 5–10 business days to appear on your statement.`;
      return {
        subject,
        text: `${subject}\n\n${intro}\n\n${textOrder(order)}\n\n— ${PRODUCT_NAME}\n`,
        html: html(subject, intro, htmlOrder(order)),
      };
    }
  }
}
