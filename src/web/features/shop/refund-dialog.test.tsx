import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refundOrder, type AdminOrderDetail, type OrderStatus } from '../../../shared/orders';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { RefundDialog, refundBodyOf } from './refund-dialog';
import { orderFromWire } from './wire';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

const ID = '00000001-aaaa-4bbb-8ccc-000000000001';

/** A fictional shipped order: 2 tees at $25.00 and a poster at $12.00; tax $6.67, total $68.67. */
function order(status: OrderStatus = 'shipped', refunded: [number, number] = [0, 0], refundedDollars = 0): AdminOrderDetail {
  return {
    id: ID,
    status,
    items: [
      {
        productId: 'p-tee',
        productName: 'Classic Tee',
        productCode: 'TEE',
        quantity: 2,
        unitPrice: 25,
        shirtSize: 'M',
        shirtColor: null,
        vinylColor: null,
        refundedQuantity: refunded[0],
      },
      {
        productId: 'p-poster',
        productName: 'Reel Poster',
        productCode: 'POSTER',
        quantity: 1,
        unitPrice: 12,
        shirtSize: null,
        shirtColor: null,
        vinylColor: null,
        refundedQuantity: refunded[1],
      },
    ],
    subtotal: 62,
    delivery: 0,
    tax: 6.67,
    total: 68.67,
    refunded: refundedDollars,
    createdAt: '2026-05-01T10:00:00.000Z',
    paidAt: '2026-05-01T10:05:00.000Z',
    provider: 'test',
    providerSessionId: 'test_cs_1',
    customerEmail: 'buyer@example.com',
    shippingAddress: null,
    paymentReference: 'test_pi_1',
    shippedAt: '2026-05-02T10:00:00.000Z',
    shippingCarrier: null,
    trackingNumber: null,
    refundedAt: null,
    refundReference: null,
    timeline: [],
  };
}

function renderDialog(detail: AdminOrderDetail) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <RefundDialog order={orderFromWire(detail)} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Refund order 00000001' });
  return { dialog, onClose, user: userEvent.setup() };
}

const amountOf = (dialog: HTMLElement) => within(dialog).getByTestId('refund-amount').textContent;
const posts = () => fakeApi.calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('the refund dialog', () => {
  beforeEach(() => {
    fakeApi.reset();
    fakeApi.on(refundOrder, () => ({ ...order('refunded', [2, 1], 68.67), refundReference: 'test_re_1' }));
  });

  it('offers every unit not refunded yet, and refunds the whole order by default', async () => {
    const { dialog, onClose, user } = renderDialog(order());
    const selects = within(dialog).getAllByRole('combobox');
    expect(selects.map((select) => select.getAttribute('aria-label'))).toEqual([
      'Units of Classic Tee (Size M) to refund',
      'Units of Reel Poster to refund',
    ]);
    expect(selects.map((select) => (select as HTMLSelectElement).value)).toEqual(['2', '1']);
    expect(
      within(selects[0] ?? dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0 of 2', '1 of 2', '2 of 2']);
    expect(amountOf(dialog)).toBe('Refund $68.67 to the customer?');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([{}]);
  });

  it('refunds some units of some lines: their price and their share of the tax', async () => {
    const { dialog, user } = renderDialog(order());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Units of Classic Tee (Size M) to refund' }), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Units of Reel Poster to refund' }), '0');
    // $25.00 + $2.69 (6.67 × 25 / 62, rounded).
    expect(amountOf(dialog)).toBe('Refund $27.69 to the customer?');
    expect(dialog.textContent).toContain('Delivery is refunded with the last items.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Units of Reel Poster to refund' }), '1');
    expect(amountOf(dialog)).toBe('Refund $40.98 to the customer?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()).toEqual([
      {
        lines: [
          { line: 1, quantity: 1 },
          { line: 2, quantity: 1 },
        ],
      },
    ]);
  });

  it('asks what comes back when nothing is chosen, and cannot be confirmed then', async () => {
    const { dialog, user } = renderDialog(order());
    for (const select of within(dialog).getAllByRole('combobox')) await user.selectOptions(select, '0');
    expect(amountOf(dialog)).toBe('Choose what comes back.');
    expect(within(dialog).getByRole('button', { name: 'Confirm refund' })).toHaveProperty('disabled', true);
  });

  it('after a partial refund, offers only what is left and gives back the rest of the money', async () => {
    const { dialog } = renderDialog(order('shipped', [1, 1], 40.98));
    const lines = within(dialog).getAllByTestId('refund-line');
    expect(lines[0]?.textContent).toContain('1 of 2 refunded already');
    expect(lines[1]?.textContent).toContain('All refunded');
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(1);
    expect(amountOf(dialog)).toBe('Refund $27.69 to the customer?');
  });

  it('refunds an order that never took its goods whole, without choices', async () => {
    const { dialog } = renderDialog(order('needs_refund'));
    expect(dialog.textContent).toContain('This order was never fulfilled, so all of it is refunded.');
    expect(within(dialog).queryAllByRole('combobox')).toHaveLength(0);
    expect(amountOf(dialog)).toBe('Refund $68.67 to the customer?');
  });

  it('shows the server’s refusal and stays open; Keep the payment closes it', async () => {
    fakeApi.on(refundOrder, () => {
      throw new ApiError(409, 'conflict', 'Line 1 (Classic Tee): all 2 were refunded already.');
    });
    const { dialog, onClose, user } = renderDialog(order());
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Line 1 (Classic Tee): all 2 were refunded already.');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the payment' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('refundBodyOf', () => {
  it('names no lines for everything left, and only the chosen lines otherwise', () => {
    const detail = orderFromWire(order('shipped', [1, 0], 27.69));
    expect(refundBodyOf(detail, [1, 1])).toEqual({});
    expect(refundBodyOf(detail, [0, 1])).toEqual({ lines: [{ line: 2, quantity: 1 }] });
    expect(refundBodyOf(detail, [1, 0])).toEqual({ lines: [{ line: 1, quantity: 1 }] });
  });
});
