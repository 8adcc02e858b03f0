import { escapeMarkup } from './markup';
import { BOARD_SIZE, BOARD_WIDTH, boardProgress, completedLines, FREE_SPACE_INDEX, isBlackout, LETTERS, type BingoLine } from './boards';
import { textWidth, wrapText, type FontWeight } from './text-metrics';

/**
 * Draws one year's board as an SVG document (a string), so the browser (canvas → PNG download)
 * and the server (sharp → link-preview PNG) make the same picture from the same code.
 */
export type BoardImageFormat = 'wide' | 'square';

export const BOARD_IMAGE_SIZES: Record<BoardImageFormat, { width: number; height: number }> = {
  wide: { width: 1200, height: 630 },
  square: { width: 1080, height: 1080 },
};

export type BoardImageInput = {
  year: number;
  /** The 25 movie names in board order. */
  names: readonly string[];
  /** The 25 seen marks in board order (the Free Space always counts). */
  seen: readonly boolean[];
  format: BoardImageFormat;
  /** Shown small under the summary, e.g. the site's host name. */
  footer?: string;
};

const LETTER_FILLS = ['#f43f5e', '#f59e0b', '#10b981', '#0ea5e9', '#8b5cf6'];
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
const BACKGROUND = '#0b1020';
const CELL = '#1e293b';
const CELL_SEEN = '#047857';
const TEXT = '#f8fafc';
const MUTED = '#cbd5e1';
const LINE = '#fbbf24';

type Layout = {
  /** `width`: the room the title, summary and footer have (left of the board, or across the top). */
  title: { x: number; y: number; size: number; anchor: 'start' | 'middle'; width: number };
  board: { x: number; y: number; cellWidth: number; cellHeight: number; gap: number; header: number };
  /** Movie names are drawn at `nameSize`, or down to `minNameSize` to keep a long name whole. */
  nameSize: number;
  minNameSize: number;
};

const LAYOUTS: Record<BoardImageFormat, Layout> = {
  wide: {
    title: { x: 50, y: 150, size: 54, anchor: 'start', width: 390 },
    board: { x: 470, y: 30, cellWidth: 136, cellHeight: 102, gap: 8, header: 44 },
    nameSize: 16,
    minNameSize: 13,
  },
  square: {
    title: { x: 540, y: 110, size: 64, anchor: 'middle', width: 960 },
    board: { x: 60, y: 250, cellWidth: 184, cellHeight: 140, gap: 10, header: 56 },
    nameSize: 22,
    minNameSize: 18,
  },
};

/** Space kept free on each side of a name inside its square. */
const CELL_PADDING = 8;
/** Lines are fitted to 95 % of the room: a browser drawing Verdana instead of DejaVu Sans stays inside. */
const FIT_MARGIN = 0.95;
const MAX_NAME_LINES = 3;

/** How one movie name is drawn in its square: the font size and weight, and its lines. */
export type CellText = { size: number; weight: FontWeight; lines: string[]; /** The widest a line may be. */ maxWidth: number };

/**
 * Fits a movie name into its square by the font's widths: wrapped at spaces into at most three
 * lines, at the layout's size or smaller (down to `minNameSize`) so the name stays whole, and cut
 * with "…" only when even the smallest size cannot hold it.
 */
export function cellText(name: string, format: BoardImageFormat, marked: boolean): CellText {
  const layout = LAYOUTS[format];
  const maxWidth = (layout.board.cellWidth - 2 * CELL_PADDING) * FIT_MARGIN;
  const weight: FontWeight = marked ? 'bold' : 'regular';
  for (let size = layout.nameSize; size > layout.minNameSize; size--) {
    const wrapped = wrapText(name, { width: maxWidth, size, weight, maxLines: MAX_NAME_LINES });
    if (wrapped.complete) return { size, weight, lines: wrapped.lines, maxWidth };
  }
  const size = layout.minNameSize;
  return { size, weight, lines: wrapText(name, { width: maxWidth, size, weight, maxLines: MAX_NAME_LINES }).lines, maxWidth };
}

/** The largest size up to `size` at which `text` fits `width`. */
function fittedSize(text: string, size: number, width: number, weight: FontWeight): number {
  const drawn = textWidth(text, size, weight);
  return drawn <= width * FIT_MARGIN ? size : Math.floor((size * width * FIT_MARGIN) / drawn);
}

/** "2024 · 14/24 · 2 lines" — the one-line summary of a board used in images, pages and previews. */
export function boardSummary(year: number, seen: readonly boolean[]): string {
  const progress = boardProgress(seen);
  const lines = completedLines(seen).length;
  const result = isBlackout(seen) ? 'blackout' : `${lines} ${lines === 1 ? 'line' : 'lines'}`;
  return `${year} · ${progress.seen}/${progress.total} · ${result}`;
}

type BoardLayout = Layout['board'];
export type Box = { x: number; y: number; width: number; height: number };
/** A straight stroke of a winning line, drawn `LINK_WIDTH` wide. */
export type Link = { x1: number; y1: number; x2: number; y2: number; /** e.g. "row-0" */ line: string };

const CELL_RADIUS = 10;
/** The winning squares' ring, drawn just inside the square's edge, and the links between rings. */
export const RING_WIDTH = 5;
export const LINK_WIDTH = 12;
/** DejaVu Sans's ascent and descent (hhea), as a share of the font size: how far glyphs reach. */
const ASCENT = 0.928;
const DESCENT = 0.236;

const cellX = (board: BoardLayout, column: number) => board.x + column * (board.cellWidth + board.gap);
const cellY = (board: BoardLayout, row: number) => board.y + board.header + board.gap + row * (board.cellHeight + board.gap);

function cellBox(board: BoardLayout, cell: number): Box {
  return {
    x: cellX(board, cell % BOARD_WIDTH),
    y: cellY(board, Math.floor(cell / BOARD_WIDTH)),
    width: board.cellWidth,
    height: board.cellHeight,
  };
}

export function inset(box: Box, by: number): Box {
  return { x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by };
}

/** The baselines of a name's lines, the block centred in its square. */
function nameBaselines(board: BoardLayout, cell: number, text: CellText): number[] {
  const { y } = cellBox(board, cell);
  const lineHeight = text.size * 1.2;
  const first = y + board.cellHeight / 2 - ((text.lines.length - 1) * lineHeight) / 2 + text.size * 0.35;
  return text.lines.map((_, index) => first + index * lineHeight);
}

/** The box a square's name fills when drawn: its widest line across, ascent of the first to descent of the last. */
export function nameBox(cell: number, text: CellText, format: BoardImageFormat): Box {
  const { board } = LAYOUTS[format];
  const box = cellBox(board, cell);
  const baselines = nameBaselines(board, cell, text);
  const widest = Math.max(0, ...text.lines.map((line) => textWidth(line, text.size, text.weight)));
  const top = (baselines[0] ?? 0) - text.size * ASCENT;
  const bottom = (baselines.at(-1) ?? 0) + text.size * DESCENT;
  return { x: box.x + (box.width - widest) / 2, y: top, width: widest, height: bottom - top };
}

/**
 * How the winning lines are marked: the squares to ring (each once, however many lines cross it)
 * and, for each line, a link across the gutter between each two of its squares — from ring to
 * ring, corner to corner on a diagonal (where the ring's rounded corner meets the diagonal).
 */
export function winningMarks(lines: readonly BingoLine[], format: BoardImageFormat): { cells: number[]; links: Link[] } {
  const { board } = LAYOUTS[format];
  const ring = RING_WIDTH / 2;
  const corner = ring + (CELL_RADIUS - ring) * (1 - Math.SQRT1_2);
  const links: Link[] = [];
  for (const line of lines) {
    line.cells.slice(1).forEach((to, step) => {
      const from = cellBox(board, line.cells[step] ?? 0);
      const next = cellBox(board, to);
      const name = `${line.kind}-${line.index}`;
      if (next.y === from.y) {
        const y = from.y + from.height / 2;
        links.push({ x1: from.x + from.width - ring, y1: y, x2: next.x + ring, y2: y, line: name });
      } else if (next.x === from.x) {
        const x = from.x + from.width / 2;
        links.push({ x1: x, y1: from.y + from.height - ring, x2: x, y2: next.y + ring, line: name });
      } else {
        const right = next.x > from.x;
        links.push({
          x1: right ? from.x + from.width - corner : from.x + corner,
          y1: from.y + from.height - corner,
          x2: right ? next.x + corner : next.x + next.width - corner,
          y2: next.y + corner,
          line: name,
        });
      }
    });
  }
  const cells = [...new Set(lines.flatMap((line) => line.cells))].sort((a, b) => a - b);
  return { cells, links };
}

export function boardImageSvg({ year, names, seen, format, footer }: BoardImageInput): string {
  const { width, height } = BOARD_IMAGE_SIZES[format];
  const layout = LAYOUTS[format];
  const { board } = layout;
  const lines = completedLines(seen);
  const progress = boardProgress(seen);
  const marks = winningMarks(lines, format);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="${width}" height="${height}" fill="${BACKGROUND}"/>`,
  ];
  /** The seen marks' badges, drawn last: over a winning line's link that passes their corner. */
  const badges: string[] = [];

  LETTERS.forEach((letter, column) => {
    const x = cellX(board, column);
    parts.push(
      `<rect x="${x}" y="${board.y}" width="${board.cellWidth}" height="${board.header}" rx="8" fill="${LETTER_FILLS[column] ?? CELL}"/>`,
      `<text x="${x + board.cellWidth / 2}" y="${board.y + board.header * 0.72}" text-anchor="middle" font-size="${Math.round(board.header * 0.7)}" font-weight="900" fill="#ffffff">${letter}</text>`,
    );
  });

  for (let cell = 0; cell < BOARD_SIZE; cell++) {
    const { x, y } = cellBox(board, cell);
    const free = cell === FREE_SPACE_INDEX;
    const marked = free || seen[cell] === true;
    const text = cellText(names[cell] ?? '', format, marked);
    const baselines = nameBaselines(board, cell, text);
    parts.push(
      `<rect x="${x}" y="${y}" width="${board.cellWidth}" height="${board.cellHeight}" rx="${CELL_RADIUS}" fill="${marked ? CELL_SEEN : CELL}" data-cell="${cell}" data-seen="${marked}"/>`,
      `<text x="${x + board.cellWidth / 2}" text-anchor="middle" font-size="${text.size}" font-weight="${marked ? 700 : 400}" fill="${marked ? TEXT : MUTED}">`,
      ...text.lines.map(
        (line, index) => `<tspan x="${x + board.cellWidth / 2}" y="${(baselines[index] ?? 0).toFixed(1)}">${escapeMarkup(line)}</tspan>`,
      ),
      '</text>',
    );
    if (marked && !free) {
      const cx = x + board.cellWidth - 16;
      const cy = y + 16;
      badges.push(
        `<circle cx="${cx}" cy="${cy}" r="11" fill="#ffffff"/>`,
        `<path d="M${cx - 6} ${cy} l4 4 l8 -8" stroke="${CELL_SEEN}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    }
  }

  // The winning lines: a ring around each square of a line and links across the gutters between
  // them, never across the names (a stroke from centre to centre crossed every title on its way).
  for (const cell of marks.cells) {
    const ring = inset(cellBox(board, cell), RING_WIDTH / 2);
    parts.push(
      `<rect x="${ring.x}" y="${ring.y}" width="${ring.width}" height="${ring.height}" rx="${CELL_RADIUS - RING_WIDTH / 2}" fill="none" stroke="${LINE}" stroke-width="${RING_WIDTH}" data-ring="${cell}"/>`,
    );
  }
  for (const link of marks.links) {
    parts.push(
      `<line x1="${link.x1}" y1="${link.y1}" x2="${link.x2}" y2="${link.y2}" stroke="${LINE}" stroke-width="${LINK_WIDTH}" stroke-linecap="round" data-line="${link.line}"/>`,
    );
  }
  parts.push(...badges);

  const { title } = layout;
  const summaryY = title.y + title.size * 1.0;
  const result = isBlackout(seen) ? 'Blackout!' : `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`;
  const heading = `MINGO ${year}`;
  const summary = `${progress.seen}/${progress.total} seen · ${result}`;
  parts.push(
    `<text x="${title.x}" y="${title.y}" text-anchor="${title.anchor}" font-size="${fittedSize(heading, title.size, title.width, 'bold')}" font-weight="900" fill="${TEXT}">${heading}</text>`,
    `<text x="${title.x}" y="${summaryY}" text-anchor="${title.anchor}" font-size="${fittedSize(summary, Math.round(title.size * 0.55), title.width, 'bold')}" font-weight="700" fill="${MUTED}">${summary}</text>`,
  );
  if (footer !== undefined) {
    const footerY = format === 'wide' ? height - 50 : summaryY + 50;
    parts.push(
      `<text x="${title.x}" y="${footerY}" text-anchor="${title.anchor}" font-size="${fittedSize(footer, 24, title.width, 'regular')}" fill="${MUTED}">${escapeMarkup(footer)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}
