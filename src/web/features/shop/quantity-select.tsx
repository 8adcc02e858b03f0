import type { SelectHTMLAttributes } from 'react';

/** The one quantity picker of the shop (product details and cart lines): 1..n as offered by `choices`. */
export function QuantitySelect({
  choices,
  value,
  onChange,
  ...rest
}: { choices: readonly number[]; value: number; onChange: (quantity: number) => void } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'children'
>) {
  return (
    <select {...rest} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
}
