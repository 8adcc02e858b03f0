/**
 * The colour of each board letter M-I-N-G-O (logo, board headers, the random pick), as Tailwind
 * classes written out in full so Tailwind finds them. index.html's static pre-render of the logo
 * repeats them by hand (it cannot import): change both together.
 */
export const LETTER_COLORS = ['bg-rose-500', 'bg-amber-500', 'bg-emerald-500', 'bg-sky-500', 'bg-violet-500'] as const;
