export type OptionKind = 'shirtSize' | 'shirtColor' | 'vinylColor';

/** The order in which missing choices are reported. */
export const OPTION_KINDS: readonly OptionKind[] = ['shirtSize', 'shirtColor', 'vinylColor'];

export const OPTION_LABELS: Readonly<Record<OptionKind, string>> = {
  shirtSize: 'Shirt Size',
  shirtColor: 'Shirt Color',
  vinylColor: 'Vinyl Color',
};

export type OfferedOptions = {
  shirtSizes: readonly string[];
  shirtColors: readonly string[];
  vinylColors: readonly string[];
};

export type SelectedOptions = {
  shirtSize?: string | null;
  shirtColor?: string | null;
  vinylColor?: string | null;
};

/** Where a product lists the offered values of each option kind. */
export const OFFERED_FIELD: Readonly<Record<OptionKind, keyof OfferedOptions>> = {
  shirtSize: 'shirtSizes',
  shirtColor: 'shirtColors',
  vinylColor: 'vinylColors',
};

/**
 * A comma-separated string or an array → trimmed entries, empties and later duplicates dropped.
 * Array entries are taken whole: a comma inside one is part of the value.
 */
export function normaliseOptions(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const entries = typeof value === 'string' ? value.split(',') : value;
  const result: string[] = [];
  for (const entry of entries) {
    const trimmed = entry.trim();
    if (trimmed !== '' && !result.includes(trimmed)) result.push(trimmed);
  }
  return result;
}

/** A submitted choice: trimmed, and null when nothing was chosen. */
export function chosen(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A line's chosen options as shown to people (cart, order pages, e-mails, CSV): "Size M · Black · Red vinyl". */
export function optionsText(item: { shirtSize: string | null; shirtColor: string | null; vinylColor: string | null }): string {
  return [
    item.shirtSize === null ? null : `Size ${item.shirtSize}`,
    item.shirtColor,
    item.vinylColor === null ? null : `${item.vinylColor} vinyl`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

function selectionFor(selected: SelectedOptions, kind: OptionKind): string | null {
  const value = selected[kind];
  return value === undefined || value === null || value === '' ? null : value;
}

/** Offered choices without a valid selection; an option with no offered values needs none. */
export function missingOptions(offered: OfferedOptions, selected: SelectedOptions): OptionKind[] {
  return OPTION_KINDS.filter((kind) => {
    const list = offered[OFFERED_FIELD[kind]];
    if (list.length === 0) return false;
    const value = selectionFor(selected, kind);
    return value === null || !list.includes(value);
  });
}

export function missingOptionsMessage(missing: readonly OptionKind[]): string {
  return 'Please select one option from ' + missing.map((kind) => OPTION_LABELS[kind]).join(', ');
}

/** Selections made for an option the product does not offer, or with a value outside its list. */
export function invalidSelections(offered: OfferedOptions, selected: SelectedOptions): OptionKind[] {
  return OPTION_KINDS.filter((kind) => {
    const value = selectionFor(selected, kind);
    return value !== null && !offered[OFFERED_FIELD[kind]].includes(value);
  });
}

const counted = (count: number, noun: string) => (count === 0 ? null : `${count} ${noun}${count === 1 ? '' : 's'}`);

/** A product tile's options line: "3 sizes · 2 colors", or "One size" when nothing is offered. */
export function optionsSummary(product: OfferedOptions): string {
  const parts = [
    counted(product.shirtSizes.length, 'size'),
    counted(product.shirtColors.length + product.vinylColors.length, 'color'),
  ].filter((text) => text !== null);
  return parts.length > 0 ? parts.join(' · ') : 'One size';
}

export type StockTone = 'out' | 'low' | 'in';

/** How many are left, in words: "Out of stock" at zero, "Only N left" up to 5, else "In stock". */
export function stockState(stock: number): { tone: StockTone; label: string } {
  if (stock < 1) return { tone: 'out', label: 'Out of stock' };
  if (stock <= 5) return { tone: 'low', label: `Only ${stock} left` };
  return { tone: 'in', label: 'In stock' };
}
