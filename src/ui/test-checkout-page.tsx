import type { ReactNode } from 'react';
import { formatUsd } from '../domain/format';
import { PRODUCT_NAME } from '../shared/product';

// The test provider's "hosted" checkout page: a document the server renders on its own (not part of
// the app), that works under the app's strict CSP (no inline scripts or styles; one same-origin
// stylesheet) and without any JavaScript at all.

export type TestCheckoutView = {
  sessionId: string;
  status: string;
  items: { productName: string; optionsText: string; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
};

/** The id of the form control a problem is about: an address field, or `card`. */
export type TestCheckoutField = 'email' | 'name' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country' | 'card';

/** The problems of the last attempt (at most one per field, in the order of the form) and what was typed. */
export type TestCheckoutProblem = { problems: { field: TestCheckoutField; message: string }[]; values: Record<string, string> };

function Layout({ title, stylesheet, children }: { title: string; stylesheet: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body>
        <main>
          <p className="banner" role="note">
            <strong>Test mode — no real payment.</strong> This checkout page belongs to {PRODUCT_NAME}'s built-in test provider; no card is
            charged.
          </p>
          {children}
        </main>
      </body>
    </html>
  );
}

function Summary({ view }: { view: TestCheckoutView }) {
  const total = (label: string, amount: string, testId?: string) => (
    <tr className={label === 'Total' ? 'total' : undefined}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="num" data-testid={testId}>
        {amount}
      </td>
    </tr>
  );
  return (
    <table aria-label="Order summary">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {view.items.map((item, index) => (
          <tr key={index}>
            <td>
              {item.productName}
              {item.optionsText !== '' && (
                <>
                  <br />
                  <span className="muted">{item.optionsText}</span>
                </>
              )}
            </td>
            <td className="num">{item.quantity}</td>
            <td className="num">{formatUsd(item.unitPriceCents)}</td>
            <td className="num">{formatUsd(item.unitPriceCents * item.quantity)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {total('Subtotal', formatUsd(view.subtotalCents))}
        {total('Delivery', view.deliveryCents === 0 ? 'Free' : formatUsd(view.deliveryCents))}
        {total('Tax', formatUsd(view.taxCents))}
        {total('Total', formatUsd(view.totalCents), 'test-checkout-total')}
      </tfoot>
    </table>
  );
}

const errorId = (field: TestCheckoutField) => `${field}-error`;

/**
 * Marks a control invalid and describes it by its message in the alert (plus its own hint), so a
 * screen reader announces the problem on the field itself.
 */
function invalidAttributes(id: TestCheckoutField, problem: TestCheckoutProblem | undefined, hintId?: string) {
  const invalid = problem?.problems.some((entry) => entry.field === id) === true;
  const describedBy = [...(invalid ? [errorId(id)] : []), ...(hintId === undefined ? [] : [hintId])].join(' ');
  return { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy === '' ? undefined : describedBy };
}

type FieldProps = {
  id: Exclude<TestCheckoutField, 'card' | 'country'>;
  label: string;
  problem: TestCheckoutProblem | undefined;
  type?: 'email';
  autoComplete: string;
  maxLength: number;
  required?: boolean;
};

function Field({ id, label, problem, type, autoComplete, maxLength, required = false }: FieldProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        defaultValue={problem?.values[id] ?? ''}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        {...invalidAttributes(id, problem)}
      />
    </>
  );
}

export type TestCheckoutPageProps = {
  view: TestCheckoutView;
  countries: readonly string[];
  problem?: TestCheckoutProblem;
  /** Where the two forms post: pay and cancel. */
  payPath: string;
  cancelPath: string;
  stylesheet: string;
};

/** The checkout form for a pending order (shipping address, e-mail, card), with the problems of the last attempt. */
export function TestCheckoutPage({ view, countries, problem, payPath, cancelPath, stylesheet }: TestCheckoutPageProps) {
  const typedCountry = problem?.values.country ?? '';
  return (
    <Layout title={`Test checkout — ${PRODUCT_NAME}`} stylesheet={stylesheet}>
      <h1>Pay for your {PRODUCT_NAME} order</h1>
      <Summary view={view} />
      {problem !== undefined && (
        <div className="error" role="alert">
          <p>Please check your details:</p>
          <ul>
            {problem.problems.map(({ field, message }) => (
              <li key={field} id={errorId(field)}>
                <a href={`#${field}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form method="post" action={payPath} className="pay" noValidate>
        <fieldset>
          <legend>Contact and shipping address</legend>
          <Field id="email" label="Email for the receipt" problem={problem} type="email" autoComplete="email" maxLength={254} required />
          <Field id="name" label="Full name" problem={problem} autoComplete="name" maxLength={100} required />
          <Field id="line1" label="Address line 1" problem={problem} autoComplete="address-line1" maxLength={200} required />
          <Field id="line2" label="Address line 2 (optional)" problem={problem} autoComplete="address-line2" maxLength={200} />
          <Field id="city" label="City" problem={problem} autoComplete="address-level2" maxLength={100} required />
          <Field id="state" label="State / region (optional)" problem={problem} autoComplete="address-level1" maxLength={100} />
          <Field id="postalCode" label="Postal code" problem={problem} autoComplete="postal-code" maxLength={20} required />
          <label htmlFor="country">Country</label>
          <select
            id="country"
            name="country"
            autoComplete="country"
            defaultValue={typedCountry === '' ? countries[0] : typedCountry}
            {...invalidAttributes('country', problem)}
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </fieldset>
        <label htmlFor="card">Card number</label>
        <input
          id="card"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
          placeholder="4242 4242 4242 4242"
          required
          {...invalidAttributes('card', problem, 'card-hint')}
        />
        <p id="card-hint" className="muted">
          Use the test card 4242 4242 4242 4242 (any other number is declined).
        </p>
        <button type="submit" className="primary">
          Pay {formatUsd(view.totalCents)}
        </button>
      </form>
      <form method="post" action={cancelPath}>
        <button type="submit" className="secondary">
          Cancel
        </button>
      </form>
    </Layout>
  );
}

/** For a session that cannot be paid (unknown, or no longer pending). */
export function TestCheckoutMessage({
  title,
  message,
  link,
  stylesheet,
}: {
  title: string;
  message: string;
  link: { href: string; text: string };
  stylesheet: string;
}) {
  return (
    <Layout title={`${title} — ${PRODUCT_NAME}`} stylesheet={stylesheet}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={link.href}>{link.text}</a>
      </p>
    </Layout>
  );
}
