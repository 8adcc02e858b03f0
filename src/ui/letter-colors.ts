/**
 * The colour of each board letter M-I-N-G-O (logo, board headers, the random pick), as Tailwind
 * classes written out in full so Tailwind finds them.
 */
export const LETTER_COLORS = ['bg-rose-500', 'bg-amber-500', 'bg-emerald-500', 'bg-sky-500', 'bg-violet-500'] as const;

/** One letter box of the logo (with its LETTER_COLORS class). */
export const LOGO_LETTER_CLASS = 'flex size-8 items-center justify-center rounded-md text-lg font-black text-white shadow';
