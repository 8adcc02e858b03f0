import { renderToStaticMarkup } from 'react-dom/server';
import { orderEmail, type EmailRefund, type OrderEmailKind } from '../../ui/order-emails';
import type { OrderWithItems } from './order-repository';

export type { OrderEmailKind } from '../../ui/order-emails';

export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * The subject, plain-text and HTML bodies of one order e-mail: the display layer's template
 * (ui/order-emails.tsx) with its HTML part rendered by react-dom/server, as a whole document.
 */
export function renderOrderEmail(kind: OrderEmailKind, order: OrderWithItems, refund?: EmailRefund): RenderedEmail {
  const email = orderEmail(kind, order, refund);
  return { subject: email.subject, text: email.text, html: `<!doctype html>${renderToStaticMarkup(email.html)}` };
}
