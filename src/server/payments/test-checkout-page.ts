import { createElement } from 'react';
import { buildPath } from '../../shared/contract';
import { testCheckoutCancel, testCheckoutPay, testCheckoutStyles } from '../../shared/orders';
import { renderHtmlDocument } from '../pages/html-document';
import { TestCheckoutMessage, TestCheckoutPage, type TestCheckoutProblem, type TestCheckoutView } from '../../ui/test-checkout-page';

// The test provider's "hosted" checkout page (ui/test-checkout-page.tsx), rendered here as a whole
// document, and its stylesheet.

/** The checkout form for a pending order, with the problems of the last attempt. */
export function renderTestCheckoutPage(view: TestCheckoutView, countries: readonly string[], problem?: TestCheckoutProblem): string {
  return renderHtmlDocument(
    createElement(TestCheckoutPage, {
      view,
      countries,
      problem,
      payPath: buildPath(testCheckoutPay.path, { sessionId: view.sessionId }),
      cancelPath: buildPath(testCheckoutCancel.path, { sessionId: view.sessionId }),
      stylesheet: testCheckoutStyles.path,
    }),
  );
}

/** For a session that cannot be paid (unknown, or no longer pending). */
export function renderTestCheckoutMessage(title: string, message: string, link: { href: string; text: string }): string {
  return renderHtmlDocument(createElement(TestCheckoutMessage, { title, message, link, stylesheet: testCheckoutStyles.path }));
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
