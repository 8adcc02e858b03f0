// Writes one original typographic SVG poster per movie-list entry to public/posters/<id>.svg.
// Everything (palette, motif, layout) is derived from a hash of the title, so re-running the script
// produces byte-identical files. No external fonts, images or scripts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const listPath = join(root, 'public', 'data', 'movielist.json');
const outDir = join(root, 'public', 'posters');

const WIDTH = 200;
const HEIGHT = 300;
const FONT = 'system-ui, sans-serif';
const FREE_SPACE = 'Free Space';

/** FNV-1a, 32 bit. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded PRNG, so every choice is reproducible. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, items) => items[Math.floor(rand() * items.length)];
const round = (n) => Math.round(n * 10) / 10;

function hslToHex(h, s, l) {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function palette(rand) {
  const hue = Math.floor(rand() * 360);
  const scheme = pick(rand, [150, 180, 210, 120, 30]);
  const dark = rand() < 0.7;
  return {
    bg: dark ? hslToHex(hue, 45 + rand() * 25, 12 + rand() * 8) : hslToHex(hue, 50 + rand() * 30, 86 + rand() * 6),
    a: hslToHex(hue + scheme, 65 + rand() * 25, 55 + rand() * 10),
    b: hslToHex(hue + scheme / 2, 60 + rand() * 30, dark ? 40 + rand() * 15 : 45 + rand() * 10),
    c: hslToHex(hue - 30, 55 + rand() * 30, dark ? 65 + rand() * 15 : 30 + rand() * 10),
    // The title panel sits on the opposite end of the lightness scale from the ink.
    ink: dark ? '#fbf7ef' : '#16141c',
    panel: dark ? '#0b0a10' : '#ffffff',
  };
}

// Each motif fills the art area (0..WIDTH x 0..ART_BOTTOM); the title panel covers the rest.
const ART_BOTTOM = 190;

const motifs = {
  circles(rand, p) {
    const out = [];
    for (let i = 0; i < 7; i += 1) {
      const r = 12 + rand() * 46;
      const fill = pick(rand, [p.a, p.b, p.c]);
      out.push(
        `<circle cx="${round(rand() * WIDTH)}" cy="${round(rand() * ART_BOTTOM)}" r="${round(r)}" fill="${fill}" opacity="${round(0.55 + rand() * 0.4)}"/>`,
      );
    }
    return out.join('');
  },
  stripes(rand, p) {
    const out = [];
    const count = 6 + Math.floor(rand() * 6);
    const step = (WIDTH * 2) / count;
    const angle = pick(rand, [-35, -20, 20, 35, 90]);
    for (let i = 0; i < count; i += 1) {
      const fill = i % 2 === 0 ? p.a : p.b;
      out.push(`<rect x="${round(-WIDTH / 2 + i * step)}" y="-60" width="${round(step / 2)}" height="320" fill="${fill}"/>`);
    }
    return `<g transform="rotate(${angle} 100 95)">${out.join('')}</g>`;
  },
  triangles(rand, p) {
    const out = [];
    const size = pick(rand, [40, 50]);
    for (let y = 0; y < ART_BOTTOM; y += size) {
      for (let x = 0; x < WIDTH; x += size) {
        if (rand() < 0.35) continue;
        const up = rand() < 0.5;
        const fill = pick(rand, [p.a, p.b, p.c]);
        const pts = up
          ? `${x},${y + size} ${x + size / 2},${y} ${x + size},${y + size}`
          : `${x},${y} ${x + size},${y} ${x + size / 2},${y + size}`;
        out.push(`<polygon points="${pts}" fill="${fill}"/>`);
      }
    }
    return out.join('');
  },
  rings(rand, p) {
    const out = [];
    const cx = round(40 + rand() * 120);
    const cy = round(50 + rand() * 90);
    for (let r = 14; r < 170; r += 16) {
      const stroke = pick(rand, [p.a, p.b, p.c]);
      out.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${round(3 + rand() * 6)}"/>`);
    }
    return out.join('');
  },
  dots(rand, p) {
    const out = [];
    const step = pick(rand, [25, 28.5, 33.3]);
    for (let y = step / 2; y < ART_BOTTOM; y += step) {
      for (let x = step / 2; x < WIDTH; x += step) {
        const r = round(2 + rand() * step * 0.35);
        out.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${r}" fill="${rand() < 0.8 ? p.a : p.c}"/>`);
      }
    }
    return out.join('');
  },
  waves(rand, p) {
    const out = [];
    const amp = 6 + rand() * 12;
    const len = pick(rand, [40, 50, 66.7]);
    for (let y = 10, i = 0; y < ART_BOTTOM + 20; y += 22, i += 1) {
      let d = `M-10 ${round(y)}`;
      for (let x = -10; x < WIDTH + 10; x += len) {
        d += ` q${round(len / 4)} ${round(-amp)} ${round(len / 2)} 0 t${round(len / 2)} 0`;
      }
      const stroke = [p.a, p.b, p.c][i % 3];
      out.push(`<path d="${d}" fill="none" stroke="${stroke}" stroke-width="6" stroke-linecap="round"/>`);
    }
    return out.join('');
  },
  squares(rand, p) {
    const out = [];
    const cx = 100;
    const cy = 95;
    const rot = Math.floor(rand() * 45);
    for (let s = 170; s > 10; s -= 26) {
      const fill = [p.a, p.b, p.c][out.length % 3];
      out.push(`<rect x="${cx - s / 2}" y="${cy - s / 2}" width="${s}" height="${s}" fill="${fill}"/>`);
    }
    return `<g transform="rotate(${rot} ${cx} ${cy})">${out.join('')}</g>`;
  },
  sun(rand, p) {
    const out = [];
    const cy = round(100 + rand() * 40);
    for (let i = 0; i < 12; i += 1) {
      const angle = (i / 12) * Math.PI;
      const x = round(100 - Math.cos(angle) * 160);
      const y = round(cy - Math.sin(angle) * 160);
      if (i % 2 === 0)
        out.push(
          `<path d="M100 ${cy} L${x} ${y} L${round(100 - Math.cos(angle + Math.PI / 12) * 160)} ${round(cy - Math.sin(angle + Math.PI / 12) * 160)}Z" fill="${p.b}"/>`,
        );
    }
    out.push(`<circle cx="100" cy="${cy}" r="${round(34 + rand() * 20)}" fill="${p.a}"/>`);
    out.push(`<rect x="0" y="${cy}" width="${WIDTH}" height="${ART_BOTTOM}" fill="${p.c}"/>`);
    return out.join('');
  },
  chevrons(rand, p) {
    const out = [];
    const h = pick(rand, [18, 22, 26]);
    for (let y = -h, i = 0; y < ART_BOTTOM + h; y += h * 1.6, i += 1) {
      const stroke = [p.a, p.b, p.c][i % 3];
      out.push(
        `<path d="M-10 ${round(y + h)} L100 ${round(y)} L210 ${round(y + h)}" fill="none" stroke="${stroke}" stroke-width="${round(h * 0.6)}"/>`,
      );
    }
    return out.join('');
  },
  arcs(rand, p) {
    const out = [];
    for (let row = 0; row < 4; row += 1) {
      for (let col = 0; col < 4; col += 1) {
        const corner = Math.floor(rand() * 4);
        const left = corner % 2 === 0;
        const top = corner < 2;
        const cx = col * 50 + (left ? 0 : 50);
        const cy = row * 50 + (top ? 0 : 50);
        const dx = left ? 50 : -50;
        const dy = top ? 50 : -50;
        const sweep = dx * dy > 0 ? 1 : 0;
        const fill = pick(rand, [p.a, p.b, p.c]);
        out.push(`<path d="M${cx} ${cy}h${dx}A50 50 0 0 ${sweep} ${cx} ${cy + dy}Z" fill="${fill}"/>`);
      }
    }
    return out.join('');
  },
};

/** Rough advance width of an upper-case string in a heavy system sans-serif, in ems. */
function textWidthEm(text) {
  let em = 0;
  for (const ch of text) {
    if (" .,:;'!|*".includes(ch)) em += 0.32;
    else if ('IJ1'.includes(ch)) em += 0.4;
    else if ('MW'.includes(ch)) em += 0.95;
    else if ('–—&'.includes(ch)) em += 0.8;
    else em += 0.74;
  }
  return em;
}

/** Greedy word wrap; `fits` is false when a single word is wider than the line. */
function wrap(title, fontSize, maxWidth) {
  const fitsLine = (line) => textWidthEm(line) * fontSize <= maxWidth;
  const lines = [];
  let current = '';
  for (const word of title.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fitsLine(candidate) || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return { lines, fits: lines.every(fitsLine) };
}

const TITLE_TOP = ART_BOTTOM + 12;
const TITLE_HEIGHT = 66;

function layoutTitle(title) {
  const maxWidth = 176;
  for (let size = 30; size >= 10; size -= 1) {
    const { lines, fits } = wrap(title, size, maxWidth);
    if (fits && lines.length * size * 1.1 <= TITLE_HEIGHT) return { size, lines };
  }
  return { size: 10, lines: wrap(title, 10, maxWidth).lines };
}

function titleText(title, ink) {
  const { size, lines } = layoutTitle(title.toUpperCase());
  const lineHeight = round(size * 1.1);
  const blockTop = TITLE_TOP + (TITLE_HEIGHT - lines.length * lineHeight) / 2;
  const tspans = lines
    .map((line, i) => `<tspan x="100" y="${round(blockTop + size * 0.82 + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="${FONT}" font-weight="800" font-size="${size}" fill="${ink}" text-anchor="middle">${tspans}</text>`;
}

function moviePoster(movie) {
  const rand = rng(hash(movie.name));
  const p = palette(rand);
  const motifName = pick(rand, Object.keys(motifs));
  const art = motifs[motifName](rand, p);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${movie.name} (${movie.year})`)}">`,
    `<title>${escapeXml(`${movie.name} (${movie.year})`)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${p.bg}"/>`,
    `<svg x="0" y="0" width="${WIDTH}" height="${ART_BOTTOM}" viewBox="0 0 ${WIDTH} ${ART_BOTTOM}" overflow="hidden">${art}</svg>`,
    `<rect x="0" y="${ART_BOTTOM}" width="${WIDTH}" height="${HEIGHT - ART_BOTTOM}" fill="${p.panel}" opacity="0.92"/>`,
    `<rect x="0" y="${ART_BOTTOM}" width="${WIDTH}" height="4" fill="${p.a}"/>`,
    titleText(movie.name, p.ink),
    `<text x="100" y="292" font-family="${FONT}" font-weight="600" font-size="11" letter-spacing="3" fill="${p.ink}" opacity="0.7" text-anchor="middle">${movie.year}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

function starPoints(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${round(cx + Math.cos(angle) * r)},${round(cy + Math.sin(angle) * r)}`);
  }
  return pts.join(' ');
}

function freeSpacePoster(movie) {
  const letters = ['M', 'I', 'N', 'G', 'O']
    .map(
      (letter, i) =>
        `<rect x="${18 + i * 34}" y="18" width="30" height="30" rx="4" fill="none" stroke="#f5c542" stroke-width="2"/>` +
        `<text x="${33 + i * 34}" y="40" font-family="${FONT}" font-weight="800" font-size="18" fill="#f5c542" text-anchor="middle">${letter}</text>`,
    )
    .join('');
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a1 = (i / 16) * Math.PI * 2;
    const a2 = a1 + Math.PI / 32;
    return `<path d="M100 130 L${round(100 + Math.cos(a1) * 140)} ${round(130 + Math.sin(a1) * 140)} L${round(100 + Math.cos(a2) * 140)} ${round(130 + Math.sin(a2) * 140)}Z"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${FREE_SPACE} (${movie.year})`)}">`,
    `<title>${escapeXml(`${FREE_SPACE} (${movie.year})`)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#1b1030"/>`,
    `<g fill="#2c1a4d">${rays}</g>`,
    letters,
    `<polygon points="${starPoints(100, 140, 70, 29)}" fill="#f5c542" stroke="#fff3c4" stroke-width="3" stroke-linejoin="round"/>`,
    `<text x="100" y="238" font-family="${FONT}" font-weight="800" font-size="30" fill="#fbf7ef" text-anchor="middle">FREE SPACE</text>`,
    `<text x="100" y="270" font-family="${FONT}" font-weight="700" font-size="18" letter-spacing="4" fill="#f5c542" text-anchor="middle">${movie.year}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

const movies = JSON.parse(readFileSync(listPath, 'utf8'));
mkdirSync(outDir, { recursive: true });
let total = 0;
for (const movie of movies) {
  const svg = movie.name === FREE_SPACE ? freeSpacePoster(movie) : moviePoster(movie);
  total += Buffer.byteLength(svg);
  writeFileSync(join(outDir, `${movie.id}.svg`), svg);
}
console.log(`wrote ${movies.length} posters to ${outDir} (${Math.round(total / 1024)} KB)`);
