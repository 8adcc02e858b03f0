// Writes .br and .gz siblings for text assets so the server can send them precompressed.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(html|js|mjs|css|json|svg|txt|webmanifest|xml)$/i;
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

const root = process.argv[2] ?? `${process.env.DIST_DIR ?? 'dist'}/client`;
let count = 0;
for await (const file of walk(root)) {
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzip(data, { level: 9 }),
  ]);
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
