import { stockState } from '../../../domain/product-options';
import { STOCK_TONE_CLASSES } from '../../../shared/product-tile';

/** How many are left, in words; "Out of stock" at zero. */
export function StockState({ stock }: { stock: number }) {
  const { tone, label } = stockState(stock);
  return <span className={STOCK_TONE_CLASSES[tone]}>{label}</span>;
}
