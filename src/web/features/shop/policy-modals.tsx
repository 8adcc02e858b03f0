import { useState } from 'react';
import { formatUsd } from '../../../domain/format';
import { DELIVERY_FEE_CENTS, FREE_DELIVERY_FROM_CENTS } from '../../../domain/pricing';
import { Modal } from '../../components/modal';
import { TAX_RATE_LABEL } from './cart-totals';

type Policy = 'refundPolicy' | 'shippingPolicy' | 'taxPolicy';

const POLICIES: Record<Policy, { link: string; title: string; body: React.ReactNode }> = {
  refundPolicy: {
    link: 'Refund policy',
    title: 'Refund Policy',
    body: (
      <>
        <p>All custom items are final sale.</p>
        <p>Because every item is made for your order, we do not accept returns and cannot offer refunds.</p>
      </>
    ),
  },
  shippingPolicy: {
    link: 'Shipping policy',
    title: 'Shipping Policy',
    body: (
      <>
        <p>Every item is made to order: processing and shipping take about 2 to 4 weeks.</p>
        <p>
          Delivery costs {formatUsd(DELIVERY_FEE_CENTS)} for orders under {formatUsd(FREE_DELIVERY_FROM_CENTS)} and is free from{' '}
          {formatUsd(FREE_DELIVERY_FROM_CENTS)}.
        </p>
      </>
    ),
  },
  taxPolicy: {
    link: 'Tax policy',
    title: 'Tax Policy',
    body: (
      <>
        <p>The tax shown in the cart is an estimate: {TAX_RATE_LABEL} of the subtotal, rounded to the cent.</p>
        <p>The final tax is computed at checkout by our payment provider and can differ from the estimate.</p>
      </>
    ),
  },
};

/** Links to the three policy modals (`refundPolicy`, `shippingPolicy`, `taxPolicy`). */
export function PolicyLinks() {
  const [open, setOpen] = useState<Policy | null>(null);
  return (
    <>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {(Object.keys(POLICIES) as Policy[]).map((policy) => (
          <li key={policy}>
            <button
              type="button"
              className="font-semibold text-amber-700 underline underline-offset-4 hover:text-amber-600 dark:text-amber-300 dark:hover:text-amber-200"
              onClick={() => setOpen(policy)}
            >
              {POLICIES[policy].link}
            </button>
          </li>
        ))}
      </ul>
      {(Object.keys(POLICIES) as Policy[]).map((policy) => (
        <Modal key={policy} name={policy} title={POLICIES[policy].title} open={open === policy} onClose={() => setOpen(null)}>
          <div className="space-y-3 leading-relaxed">{POLICIES[policy].body}</div>
        </Modal>
      ))}
    </>
  );
}
