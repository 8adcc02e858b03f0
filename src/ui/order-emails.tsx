import { Fragment, type ReactElement, type ReactNode } from 'react';
import { formatUsd } from '../domain/format';
import { optionsText } from '../domain/product-options';
import { orderNumber, type ORDER_EMAIL_KINDS, type ShippingAddress } from '../shared/orders';
import { PRODUCT_NAME } from '../shared/product';

// The order e-mails (issue 35, decision 200's display layer; partial refunds: decision 192): each
// is a React document the server renders with react-dom/server for the HTML part, and the same
// facts as plain text for the text part. Both are built from one list of lines and totals, so the
// two parts cannot say different things.

export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** What an e-mail needs of an order (the server's order record has these fields). */
export type EmailOrder = {
  id: string;
  items: readonly {
    productName: string;
    quantity: number;
    unitPriceCents: number;
    shirtSize: string | null;
    shirtColor: string | null;
    vinylColor: string | null;
  }[];
  subtotalCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  shippingAddress: ShippingAddress | null;
  shippingCarrier: string | null;
  trackingNumber: string | null;
};

/** The refund a refund notice is about: its lines (the order's positions) and the money. */
export type EmailRefund = { amountCents: number; lines: readonly { position: number; quantity: number }[] };

/** An e-mail ready to send: the HTML part is still a React element (the server renders it). */
export type OrderEmailParts = { subject: string; text: string; html: ReactElement };

type Line = { name: string; options: string; quantity: number; amount: string };

/** The address as it is written on a parcel, one line each, empty parts left out. */
export function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, address.state, address.postalCode].filter((part) => part !== null && part !== '').join(', ');
  return [address.name, address.line1, address.line2 ?? '', cityLine, address.country].filter((line) => line !== '');
}

const lineOf = (item: EmailOrder['items'][number], quantity: number): Line => ({
  name: item.productName,
  options: optionsText(item),
  quantity,
  amount: formatUsd(item.unitPriceCents * quantity),
});

const orderLines = (order: EmailOrder): Line[] => order.items.map((item) => lineOf(item, item.quantity));

function orderTotals(order: EmailOrder): [string, string][] {
  return [
    ['Subtotal', formatUsd(order.subtotalCents)],
    ['Delivery', order.deliveryCents === 0 ? 'Free' : formatUsd(order.deliveryCents)],
    ['Tax', formatUsd(order.taxCents)],
    ['Total', formatUsd(order.totalCents)],
  ];
}

// --- The text part ---------------------------------------------------------------------------

function linesText(lines: readonly Line[], totals: readonly [string, string][], shipTo: string[] | null): string {
  const items = lines.map((line) => `  ${line.quantity} × ${line.name}${line.options === '' ? '' : ` (${line.options})`}  ${line.amount}`);
  const sums = totals.map(([label, value]) => `  ${label}: ${value}`);
  const address = shipTo === null ? [] : ['', 'Shipping to:', ...shipTo.map((line) => `  ${line}`)];
  return [...items, '', ...sums, ...address].join('\n');
}

function textOf(subject: string, intro: string, body: string): string {
  return `${subject}\n\n${intro}\n\n${body}\n\n— ${PRODUCT_NAME}\n`;
}

// --- The HTML part ---------------------------------------------------------------------------

function EmailDocument({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body>
        <h1>{title}</h1>
        <p>{intro}</p>
        {children}
        <p>— {PRODUCT_NAME}</p>
      </body>
    </html>
  );
}

function LinesTable({ lines, totals }: { lines: readonly Line[]; totals: readonly [string, string][] }) {
  return (
    <table cellPadding={4}>
      <thead>
        <tr>
          <th align="left">Item</th>
          <th align="right">Qty</th>
          <th align="right">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index}>
            <td>
              {line.name}
              {line.options !== '' && (
                <>
                  <br />
                  <small>{line.options}</small>
                </>
              )}
            </td>
            <td align="right">{line.quantity}</td>
            <td align="right">{line.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map(([label, value]) => (
          <tr key={label}>
            <th colSpan={2} align="left">
              {label}
            </th>
            <td align="right">{value}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

function ShippingTo({ lines }: { lines: string[] | null }) {
  if (lines === null) return null;
  return (
    <>
      <h2>Shipping to</h2>
      <p>
        {lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </p>
    </>
  );
}

// --- The e-mails -----------------------------------------------------------------------------

const refOf = (order: EmailOrder) => `#${orderNumber(order.id)}`;
const shipToOf = (order: EmailOrder) => (order.shippingAddress === null ? null : addressLines(order.shippingAddress));

/** What an e-mail says; `note` is a line under the intro (bold in the HTML part). */
type EmailContent = {
  subject: string;
  intro: string;
  note?: string;
  lines: readonly Line[];
  totals: readonly [string, string][];
  shipTo: string[] | null;
};

/** Both parts of an e-mail from the one content. */
function emailParts({ subject, intro, note, lines, totals, shipTo }: EmailContent): OrderEmailParts {
  return {
    subject,
    text: textOf(subject, note === undefined ? intro : `${intro}\n${note}`, linesText(lines, totals, shipTo)),
    html: (
      <EmailDocument title={subject} intro={intro}>
        {note !== undefined && (
          <p>
            <strong>{note}</strong>
          </p>
        )}
        <LinesTable lines={lines} totals={totals} />
        <ShippingTo lines={shipTo} />
      </EmailDocument>
    ),
  };
}

/** An e-mail about the whole order: its lines, totals and where it ships. */
const wholeOrderEmail = (order: EmailOrder, content: { subject: string; intro: string; note?: string }) =>
  emailParts({ ...content, lines: orderLines(order), totals: orderTotals(order), shipTo: shipToOf(order) });

/** Sent when an order is paid: items, options, totals and where it ships. */
export function receiptEmail(order: EmailOrder): OrderEmailParts {
  return wholeOrderEmail(order, {
    subject: `Your ${PRODUCT_NAME} receipt for order ${refOf(order)}`,
    intro: `Thank you for your order! We received your payment of ${formatUsd(order.totalCents)}. Merchandise ships in 2–4 weeks; we will e-mail you when it leaves.`,
  });
}

/** Sent when an order is marked shipped: the tracking number, when there is one. */
export function shippedEmail(order: EmailOrder): OrderEmailParts {
  const carrier = order.shippingCarrier ?? '';
  const tracking = order.trackingNumber ?? '';
  return wholeOrderEmail(order, {
    subject: `Your ${PRODUCT_NAME} order ${refOf(order)} has shipped`,
    intro: 'Good news: your order is on its way.',
    note:
      tracking === ''
        ? 'No tracking number was given for this shipment.'
        : `Tracking number: ${tracking}${carrier === '' ? '' : ` (${carrier})`}`,
  });
}

/**
 * Sent when an order is refunded whole, or its last units after partial refunds: the amount of
 * this refund (the order's total when it is refunded at once), and the order.
 */
export function refundedEmail(order: EmailOrder, refund?: EmailRefund): OrderEmailParts {
  return wholeOrderEmail(order, {
    subject: `Your ${PRODUCT_NAME} order ${refOf(order)} was refunded`,
    intro: `We refunded ${formatUsd(refund?.amountCents ?? order.totalCents)} to your original payment method. It can take 5–10 business days to appear on your statement.`,
  });
}

/** Sent for a partial refund (decision 192): what came back, and the money for it. */
export function partialRefundEmail(order: EmailOrder, refund: EmailRefund): OrderEmailParts {
  const lines = refund.lines.flatMap(({ position, quantity }) => {
    const item = order.items[position];
    return item === undefined ? [] : [lineOf(item, quantity)];
  });
  const itemsCents = refund.lines.reduce((sum, { position, quantity }) => sum + (order.items[position]?.unitPriceCents ?? 0) * quantity, 0);
  return emailParts({
    subject: `Part of your ${PRODUCT_NAME} order ${refOf(order)} was refunded`,
    intro: `We refunded ${formatUsd(refund.amountCents)} to your original payment method for the items below. It can take 5–10 business days to appear on your statement.`,
    lines,
    totals: [
      ['Items', formatUsd(itemsCents)],
      ['Tax', formatUsd(Math.max(0, refund.amountCents - itemsCents))],
      ['Refunded', formatUsd(refund.amountCents)],
    ],
    shipTo: null,
  });
}

/** The e-mail of an outbox row: its kind, its order and (for refund notices) its refund. */
export function orderEmail(kind: OrderEmailKind, order: EmailOrder, refund?: EmailRefund): OrderEmailParts {
  switch (kind) {
    case 'receipt':
      return receiptEmail(order);
    case 'shipped':
      return shippedEmail(order);
    case 'refunded':
      return refundedEmail(order, refund);
    case 'partial_refund':
      // A partial-refund row always names its refund; without it, say what the order says.
      return refund === undefined ? refundedEmail(order) : partialRefundEmail(order, refund);
  }
}
