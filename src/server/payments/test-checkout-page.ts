import { formatUsd } from '../../domain/format';
import { buildPath } from '../../shared/contract';
import { testCheckoutCancel, testCheckoutPay, testCheckoutStyles } from '../../shared/orders';
import { PRODUCT_NAME } from '../../shared/product';
import { escapeHtml } from '../html';

// The test provider's "hosted" checkout page: plain server-rendered HTML that works under the
// app's strict CSP (no inline scripts or styles; one same-origin stylesheet) and without any
// JavaScript at all.

export type TestCheckoutView = {
  sessionId: string;
  status: string;
  items: { productName: string; optionsText: string; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${testCheckoutStyles.path}">
</head>
<body>
<main>
<p class="banner" role="note"><strong>Test mode — no real payment.</strong> This checkout page belongs to ${PRODUCT_NAME}'s built-in test provider; no card is charged.</p>
${body}
</main>
</body>
</html>`;
}

function summary(view: TestCheckoutView): string {
  const rows = view.items
    .map((item) => {
      const options = item.optionsText === '' ? '' : `<br><span class="muted">${escapeHtml(item.optionsText)}</span>`;
      return `<tr><td>${escapeHtml(item.productName)}${options}</td><td class="num">${item.quantity}</td><td class="num">${formatUsd(item.unitPriceCents)}</td><td class="num">${formatUsd(item.unitPriceCents * item.quantity)}</td></tr>`;
    })
    .join('\n');
  const delivery = view.deliveryCents === 0 ? 'Free' : formatUsd(view.deliveryCents);
  return `<table aria-label="Order summary">
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="3">Subtotal</th><td class="num">${formatUsd(view.subtotalCents)}</td></tr>
<tr><th scope="row" colspan="3">Delivery</th><td class="num">${delivery}</td></tr>
<tr><th scope="row" colspan="3">Tax</th><td class="num">${formatUsd(view.taxCents)}</td></tr>
<tr class="total"><th scope="row" colspan="3">Total</th><td class="num" data-testid="test-checkout-total">${formatUsd(view.totalCents)}</td></tr>
</tfoot>
</table>`;
}

/** The id of the form control a problem is about: an address field, or `card`. */
export type TestCheckoutField = 'email' | 'name' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country' | 'card';

/** The problems of the last attempt (at most one per field, in the order of the form) and what was typed. */
export type TestCheckoutProblem = { problems: { field: TestCheckoutField; message: string }[]; values: Record<string, string> };

const errorId = (field: TestCheckoutField) => `${field}-error`;

/**
 * Marks a control invalid and describes it by its message in the alert (plus its own hint), so a
 * screen reader announces the problem on the field itself.
 */
function invalidAttributes(id: TestCheckoutField, problem: TestCheckoutProblem | undefined, hintId?: string): string {
  const invalid = problem?.problems.some((entry) => entry.field === id) === true;
  const describedBy = [...(invalid ? [errorId(id)] : []), ...(hintId === undefined ? [] : [hintId])].join(' ');
  return `${invalid ? ' aria-invalid="true"' : ''}${describedBy === '' ? '' : ` aria-describedby="${describedBy}"`}`;
}

function field(id: TestCheckoutField, label: string, problem: TestCheckoutProblem | undefined, attributes: string): string {
  const value = problem?.values[id] ?? '';
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" value="${escapeHtml(value)}" ${attributes}${invalidAttributes(id, problem)}>`;
}

/** The checkout form for a pending order (shipping address, e-mail, card), with the problems of the last attempt. */
export function renderTestCheckoutPage(view: TestCheckoutView, countries: readonly string[], problem?: TestCheckoutProblem): string {
  const pay = buildPath(testCheckoutPay.path, { sessionId: view.sessionId });
  const cancel = buildPath(testCheckoutCancel.path, { sessionId: view.sessionId });
  const alert =
    problem === undefined
      ? ''
      : `<div class="error" role="alert"><p>Please check your details:</p><ul>${problem.problems
          .map(({ field: id, message }) => `<li id="${errorId(id)}"><a href="#${id}">${escapeHtml(message)}</a></li>`)
          .join('')}</ul></div>`;
  const typedCountry = problem?.values.country ?? '';
  const chosenCountry = typedCountry === '' ? countries[0] : typedCountry;
  const options = countries
    .map((code) => `<option value="${escapeHtml(code)}"${code === chosenCountry ? ' selected' : ''}>${escapeHtml(code)}</option>`)
    .join('');
  const body = `<h1>Pay for your ${PRODUCT_NAME} order</h1>
${summary(view)}
${alert}
<form method="post" action="${pay}" class="pay" novalidate>
<fieldset>
<legend>Contact and shipping address</legend>
${field('email', 'Email for the receipt', problem, 'type="email" autocomplete="email" maxlength="254" required')}
${field('name', 'Full name', problem, 'autocomplete="name" maxlength="100" required')}
${field('line1', 'Address line 1', problem, 'autocomplete="address-line1" maxlength="200" required')}
${field('line2', 'Address line 2 (optional)', problem, 'autocomplete="address-line2" maxlength="200"')}
${field('city', 'City', problem, 'autocomplete="address-level2" maxlength="100" required')}
${field('state', 'State / region (optional)', problem, 'autocomplete="address-level1" maxlength="100"')}
${field('postalCode', 'Postal code', problem, 'autocomplete="postal-code" maxlength="20" required')}
<label for="country">Country</label>
<select id="country" name="country" autocomplete="country"${invalidAttributes('country', problem)}>${options}</select>
</fieldset>
<label for="card">Card number</label>
<input id="card" name="cardNumber" inputmode="numeric" autocomplete="off" maxlength="23" placeholder="4242 4242 4242 4242" required${invalidAttributes('card', problem, 'card-hint')}>
<p id="card-hint" class="muted">Use the test card 4242 4242 4242 4242 (any other number is declined).</p>
<button type="submit" class="primary">Pay ${formatUsd(view.totalCents)}</button>
</form>
<form method="post" action="${cancel}">
<button type="submit" class="secondary">Cancel</button>
</form>`;
  return layout(`Test checkout — ${PRODUCT_NAME}`, body);
}

/** For a session that cannot be paid (unknown, or no longer pending). */
export function renderTestCheckoutMessage(title: string, message: string, link: { href: string; text: string }): string {
  return layout(
    `${title} — ${PRODUCT_NAME}`,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

export const TEST_CHECKOUT_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; background: #f1f5f9; color: #0f172a; }
main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 1rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.5rem; margin: 1rem 0; }
.banner { margin: 0; padding: 0.75rem 1rem; border-radius: 0.5rem; background: #fef3c7; color: #78350f; border: 2px dashed #d97706; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
th, td { padding: 0.4rem 0.25rem; text-align: left; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.total th, .total td { font-weight: 800; font-size: 1.1rem; border-bottom: 0; }
.muted { color: #475569; font-size: 0.875rem; }
form { display: flex; flex-direction: column; gap: 0.4rem; margin-top: 1rem; }
label { font-weight: 600; }
fieldset { border: 1px solid #cbd5e1; border-radius: 0.5rem; display: flex; flex-direction: column; gap: 0.4rem; padding: 0.75rem; }
legend { font-weight: 700; }
.error ul { margin: 0.25rem 0 0; padding-left: 1.25rem; }
.error a { color: inherit; }
.error p { margin: 0; }
input, select { font: inherit; padding: 0.5rem 0.75rem; border: 1px solid #94a3b8; border-radius: 0.5rem; }
button { font: inherit; font-weight: 700; padding: 0.6rem 1rem; border-radius: 0.5rem; cursor: pointer; }
.primary { background: #4f46e5; color: #fff; border: 0; }
.secondary { background: transparent; color: inherit; border: 1px solid #94a3b8; }
button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.error { padding: 0.75rem 1rem; border-radius: 0.5rem; background: #ffe4e6; color: #9f1239; font-weight: 600; }
@media (prefers-color-scheme: dark) {
  body { background: #020617; color: #e2e8f0; }
  main { background: #0f172a; }
  th, td { border-color: #334155; }
  .muted { color: #94a3b8; }
  input, select { background: #1e293b; color: inherit; }
  a { color: #a5b4fc; }
}
`;
