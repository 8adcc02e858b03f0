import type { FastifyBaseLogger } from 'fastify';
import { estimateTotals, subtotalCents } from '../../domain/pricing';
import { chosen, invalidSelections, missingOptions, optionsText, OPTION_LABELS, type SelectedOptions } from '../../domain/product-options';
import { formatUsd } from '../../domain/format';
import { CHECKOUT_LIMITS, type CheckoutLimits, type CheckoutLine } from '../../shared/orders';
import { orderCapProblem } from '../../domain/cart';
import { ProductIdSchema } from '../../shared/products';
import type { Db } from '../db/database';
import { conflict, serviceUnavailable, validationFailed } from '../../shared/errors';
import type { CheckoutItem, PaymentProvider } from '../payments/payment-provider';
import { sessionExpiresAt } from '../../domain/stock-reservation';
import { availableOf, createProductRepository, type ProductRecord } from '../products/product-repository';
import { releaseReservation, reserveStock } from './fulfilment';
import { createOrderRepository, type OrderItemRecord } from './order-repository';

/**
 * Checks every line against the catalogue as it is now and prices it from the database. The
 * client's product snapshot is ignored apart from its id. Stock is checked per product across
 * lines (a shirt in two sizes draws on one stock), against what is available: units held by
 * other open checkouts are not offered.
 */
export function priceLines(lines: readonly CheckoutLine[], products: ReadonlyMap<string, ProductRecord>): OrderItemRecord[] {
  const wanted = new Map<string, number>();
  return lines.map((line, index) => {
    const label = (product?: ProductRecord) => `Line ${index + 1}${product === undefined ? '' : ` (${product.name})`}`;
    const product = products.get(line.product.id);
    if (product === undefined) throw conflict(`${label()}: this product is not available.`);
    if (!product.isActive) throw conflict(`${label(product)}: this product is no longer available.`);

    const selected: SelectedOptions = {
      shirtSize: chosen(line.selectedShirtSize),
      shirtColor: chosen(line.selectedShirtColor),
      vinylColor: chosen(line.selectedVinylColor),
    };
    const invalid = invalidSelections(product, selected);
    if (invalid.length > 0) {
      const what = invalid.map((kind) => `${OPTION_LABELS[kind]} "${selected[kind] ?? ''}"`).join(', ');
      throw validationFailed(`${label(product)}: ${what} is not offered for this product.`);
    }
    const missing = missingOptions(product, selected);
    if (missing.length > 0) {
      throw validationFailed(`${label(product)}: please select ${missing.map((kind) => OPTION_LABELS[kind]).join(', ')}.`);
    }

    const total = (wanted.get(product.id) ?? 0) + line.quantity;
    wanted.set(product.id, total);
    const available = availableOf(product);
    if (available === 0) throw conflict(`${label(product)}: this product is sold out.`);
    if (total > available) {
      const together = total === line.quantity ? '' : ` (${total} with the lines above)`;
      throw conflict(`${label(product)}: quantity ${line.quantity}${together} exceeds the ${available} in stock.`);
    }
    return {
      productId: product.id,
      productName: product.name,
      productCode: product.code,
      quantity: line.quantity,
      unitPriceCents: product.priceCents,
      shirtSize: selected.shirtSize ?? null,
      shirtColor: selected.shirtColor ?? null,
      vinylColor: selected.vinylColor ?? null,
      refundedQuantity: 0,
    };
  });
}

export type CheckoutDeps = {
  db: Db;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** MAX_UNITS_PER_ORDER and MAX_HELD_UNITS_PER_ADDRESS (decision 192). */
  limits: CheckoutLimits;
  /** The client's address (request.ip, after TRUST_PROXY): the held-units cap counts per address. */
  clientAddress: string;
};

/** Why this address may not hold the order's units too (decision 192), or undefined. */
function heldCapProblem(held: number, wanted: number, maxHeld: number): string | undefined {
  if (held + wanted <= maxHeld) return undefined;
  return (
    `Your open checkouts already hold ${held} ${held === 1 ? 'item' : 'items'}, and one address may hold at most ${maxHeld} at once. ` +
    'Finish or cancel those checkouts first, or wait until they expire (31 minutes).'
  );
}

/**
 * Stores a pending order priced from the database and reserves its stock, then asks the provider
 * for a checkout session and returns its url. The products are row-locked while they are checked
 * and reserved, so concurrent checkouts of the last units are served one after the other: once
 * they are held, the next checkout is refused (409) before any payment. The order is committed
 * before the provider is called, so every session the provider knows has an order here (its
 * metadata carries the order id); the provider call itself holds no transaction open.
 */
export async function startCheckout(
  { db, payments, log, limits, clientAddress }: CheckoutDeps,
  lines: readonly CheckoutLine[],
): Promise<{ url: string }> {
  const overCap = orderCapProblem(
    lines.map((line) => line.quantity),
    limits.maxUnitsPerOrder,
  );
  if (overCap !== undefined) throw validationFailed(overCap);
  for (const [index, line] of lines.entries()) {
    if (!ProductIdSchema.safeParse(line.product.id).success) throw conflict(`Line ${index + 1}: this product is not available.`);
  }
  const now = new Date();
  const expiresAt = sessionExpiresAt(now);
  const { order, items, totals } = await db.transaction().execute(async (trx) => {
    // One address's checkouts one after the other, so its count cannot be read twice before an
    // insert (then the products' row locks, as every checkout takes them: no deadlock).
    const repository = createOrderRepository(trx);
    await repository.lockCheckoutAddress(clientAddress);
    const wanted = lines.reduce((sum, line) => sum + line.quantity, 0);
    const heldProblem = heldCapProblem(await repository.heldUnitsOf(clientAddress, now), wanted, limits.maxHeldUnitsPerAddress);
    if (heldProblem !== undefined) throw conflict(heldProblem);
    const products = await createProductRepository(trx).getProductsByIds(
      lines.map((line) => line.product.id),
      { forUpdate: true },
    );
    const priced = priceLines(lines, products);
    const orderTotals = estimateTotals(subtotalCents(priced));
    if (orderTotals.totalCents > CHECKOUT_LIMITS.totalMaxCents) {
      throw validationFailed(
        `The order total ${formatUsd(orderTotals.totalCents)} is above the ${formatUsd(CHECKOUT_LIMITS.totalMaxCents)} a checkout can take.`,
      );
    }
    const stored = await repository.insertPending({
      provider: payments.name,
      totals: orderTotals,
      items: priced,
      reservedUntil: expiresAt,
      checkoutAddress: clientAddress,
    });
    await reserveStock(trx, priced);
    await repository.addEvent(stored.id, null, 'pending', { kind: 'shopper', id: null, name: 'Shopper' }, 'checkout started');
    return { order: stored, items: priced, totals: orderTotals };
  });

  const checkoutItems: CheckoutItem[] = items.map((item) => ({
    productName: item.productName,
    productCode: item.productCode,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    optionsText: optionsText(item),
  }));
  const orders = createOrderRepository(db);
  let session: { sessionId: string; url: string };
  try {
    session = await payments.createCheckoutSession({ orderId: order.id, items: checkoutItems, totals, expiresAt });
  } catch (error) {
    log.error({ err: error, orderId: order.id, provider: payments.name }, 'checkout session could not be created');
    // The status, its timeline entry and the released stock together, or none of them.
    await db.transaction().execute(async (trx) => {
      const repository = createOrderRepository(trx);
      const locked = await repository.lockById(order.id);
      // A late webhook may have moved it on meanwhile; only a pending order holds its stock.
      if (locked?.status !== 'pending') return;
      await releaseReservation(trx, items);
      await repository.update(order.id, { status: 'cancelled' });
      await repository.addEvent(
        order.id,
        'pending',
        'cancelled',
        { kind: 'system', id: null, name: 'System' },
        'payment provider unreachable',
      );
    });
    throw serviceUnavailable('The payment provider could not be reached. Please try again shortly.');
  }
  await orders.update(order.id, { providerSessionId: session.sessionId });
  log.info({ orderId: order.id, sessionId: session.sessionId, totalCents: totals.totalCents }, 'checkout session created');
  return { url: session.url };
}
