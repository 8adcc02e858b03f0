/** How many are left, in words; "Out of stock" at zero. */
export function StockState({ stock }: { stock: number }) {
  if (stock < 1) return <span className="font-semibold text-rose-600 dark:text-rose-400">Out of stock</span>;
  if (stock <= 5) return <span className="font-semibold text-amber-700 dark:text-amber-300">Only {stock} left</span>;
  return <span className="font-semibold text-emerald-700 dark:text-emerald-400">In stock</span>;
}
