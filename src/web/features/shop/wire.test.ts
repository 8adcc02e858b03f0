import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../shared/orders';
import { orderFromWire, productFromWire, wireCents } from './wire';

describe('money at the web edge', () => {
  it('turns wire dollars into integer cents exactly', () => {
    expect(wireCents(19.99)).toBe(1999);
    expect(wireCents(0.07)).toBe(7);
    expect(wireCents(100000)).toBe(10_000_000);
    expect(wireCents(0)).toBe(0);
  });

  it('refuses an amount the contract cannot hold instead of showing $0', () => {
    expect(() => wireCents(19.999)).toThrow(TypeError);
    expect(() => wireCents(-1)).toThrow(TypeError);
    expect(() => wireCents(Number.NaN)).toThrow(TypeError);
  });

  it('maps products and orders, keeping every other field', () => {
    const product = { id: 'p', productName: 'Tee', price: 24.5, isActive: false };
    expect(productFromWire(product)).toEqual({ id: 'p', productName: 'Tee', priceCents: 2450, isActive: false });
    // The fields of a line that are not money pass through as they are.
    const line = {
      productId: 'p',
      productName: 'Tee',
      productCode: 'TEE',
      quantity: 2,
      shirtSize: 'M',
      shirtColor: null,
      vinylColor: null,
      refundedQuantity: 0,
    };
    const order: OrderSummary = {
      id: 'o',
      status: 'paid',
      items: [{ ...line, unitPrice: 24.5 }],
      subtotal: 49,
      delivery: 0,
      tax: 4.41,
      total: 53.41,
      refunded: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      paidAt: null,
    };
    expect(orderFromWire(order)).toEqual({
      id: 'o',
      status: 'paid',
      items: [{ ...line, unitPriceCents: 2450 }],
      subtotalCents: 4900,
      deliveryCents: 0,
      taxCents: 441,
      totalCents: 5341,
      refundedCents: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      paidAt: null,
    });
  });
});
