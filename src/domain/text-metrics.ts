/**
 * How wide a line of text is drawn in DejaVu Sans, the font the board image names first (the
 * server draws with the copy in assets/fonts; decisions 120, 160). The advance widths are the font's own,
 * in thousandths of an em, read once from DejaVuSans.ttf and DejaVuSans-Bold.ttf (version 2.37).
 * Browsers without DejaVu Sans fall back to Verdana, whose widths are within a few percent of
 * these (Bitstream Vera, DejaVu's origin, was drawn to Verdana's proportions), so callers keep a
 * small margin.
 */
const PRINTABLE_FIRST = 32; // ' '
const REGULAR = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337,
  337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
  684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635,
  635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400,
  400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
  774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716,
  716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
];
/** Characters outside ASCII that movie titles use: [regular, bold]. */
const OTHER: Record<string, [number, number]> = {
  '…': [1000, 1000],
  '·': [318, 380],
  '–': [500, 500],
  '—': [1000, 1000],
  '’': [318, 380],
  á: [613, 675],
  é: [615, 678],
};
/** Anything else (accented capitals, other scripts) is counted as a full em: never narrower than drawn. */
const UNKNOWN = 1000;

export type FontWeight = 'regular' | 'bold';

/** The drawn width in pixels of `text` at `size` pixels. */
export function textWidth(text: string, size: number, weight: FontWeight): number {
  const table = weight === 'bold' ? BOLD : REGULAR;
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const known = table[code - PRINTABLE_FIRST] ?? OTHER[char]?.[weight === 'bold' ? 1 : 0];
    thousandths += known ?? UNKNOWN;
  }
  return (thousandths * size) / 1000;
}

const ELLIPSIS = '…';

/** The longest start of `text` that fits `width` with "…" after it. */
function ellipsize(text: string, width: number, size: number, weight: FontWeight): string {
  const chars = [...text.trimEnd()];
  while (chars.length > 0 && textWidth(`${chars.join('').trimEnd()}${ELLIPSIS}`, size, weight) > width) chars.pop();
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `width`, at spaces. A word too wide
 * for a line on its own, or text left over after the last line, is cut and ends in "…".
 * `complete` says whether every word was kept whole.
 */
export function wrapText(
  text: string,
  { width, size, weight, maxLines }: { width: number; size: number; weight: FontWeight; maxLines: number },
): { lines: string[]; complete: boolean } {
  const fits = (line: string) => textWidth(line, size, weight) <= width;
  const lines: string[] = [];
  let complete = true;
  let current = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (fits(candidate)) current = candidate;
    else if (current === '') {
      lines.push(ellipsize(word, width, size, weight));
      complete = false;
    } else {
      lines.push(current);
      current = fits(word) ? word : '';
      if (current === '') {
        lines.push(ellipsize(word, width, size, weight));
        complete = false;
      }
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length <= maxLines) return { lines, complete };
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = last.endsWith(ELLIPSIS) ? last : ellipsize(`${last} `, width, size, weight);
  return { lines: kept, complete: false };
}
