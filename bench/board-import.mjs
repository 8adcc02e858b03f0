// A large board import (issue 33, decision 194): up to 75 boards of fictional movies (every
// free year from 2026 to 2100, the last board year since boards and movies share one range —
// decision 190; the import's own cap of 200 boards can no longer be reached), every poster a
// placeholder to draw, imported through the API as the Boards page does it. The import must
// answer at once (202, a job), finish, and say so. Prints the time to the answer, each phase's
// time (posters drawn, then the one transaction), the total, and the public boards' latency while
// the import runs against the same requests before it (the ratio: how much the import slows the
// site). Starts node $DIST_DIR/server/server.js (default dist; run `npm run build` first) on a
// temporary data directory (the embedded database, or DATABASE_URL's). A measurement, never a gate.
//
//   node bench/board-import.mjs [--boards 75] [--with-posters]
//
// --with-posters points every movie at a demo poster the site has (no placeholder to draw): the
// import's own cost without the drawing.
import { parseArgs } from 'node:util';
import { startServerAsAdmin } from './bench-utils.mjs';

const { values } = parseArgs({
  options: { boards: { type: 'string', default: '75' }, 'with-posters': { type: 'boolean', default: false } },
});
const FIRST_YEAR = 2026;
const LAST_YEAR = 2100;
const boards = Number(values.boards);
if (!Number.isInteger(boards) || boards < 1 || boards > LAST_YEAR - FIRST_YEAR + 1)
  throw new Error(`--boards is 1 to ${LAST_YEAR - FIRST_YEAR + 1}`);

/** An export-format file of `count` fictional draft boards, 25 entries each (the centre its Free Space). */
function boardsFile(count, imageURL) {
  const movies = [];
  for (let board = 0; board < count; board++) {
    const year = FIRST_YEAR + board;
    for (let cell = 0; cell < 25; cell++) {
      movies.push({
        id: cell === 12 ? `${year}-free-space` : `${year}-bench-reel-${cell}`,
        name: cell === 12 ? 'Free Space' : `Bench Reel ${cell} of ${year}`,
        year,
        description: 'A fictional film of the import benchmark.',
        imageURL,
        starDescriptionA: 'Rosa’s take',
        starRatingA: 3.5,
        starDescriptionB: 'Dev’s take',
        starRatingB: 4,
        runtime: cell === 12 ? 0 : 80 + cell,
      });
    }
  }
  const years = Array.from({ length: count }, (_, board) => ({ year: FIRST_YEAR + board, status: 'draft' }));
  return { format: 'mingo-boards', version: 1, exportedAt: new Date().toISOString(), boards: years, movies };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const p95 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.95)] ?? 0;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Latency of one GET (ms). */
async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

let server;
try {
  server = await startServerAsAdmin();
  const { url: origin, headers } = server;

  // The reference: the public boards as a visitor reads them, before the import.
  const idle = [];
  for (let i = 0; i < 50; i++) idle.push(await timed(`${origin}/api/boards`));

  const file = boardsFile(boards, values['with-posters'] ? '/posters/2018-roma.svg' : '');
  const body = JSON.stringify({ file });
  console.log(`import: ${boards} boards, ${file.movies.length} entries, ${(body.length / 1024).toFixed(0)} KiB`);
  const started = performance.now();
  const answer = await fetch(`${origin}/api/admin/boards/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  const answeredMs = performance.now() - started;
  if (answer.status !== 202) throw new Error(`the import was not started: HTTP ${answer.status} ${await answer.text()}`);
  const job = await answer.json();
  console.log(`answered 202 in ${answeredMs.toFixed(0)} ms: job ${job.id}, ${job.total} placeholder posters to draw`);

  const during = [];
  let last = job;
  // The phases as the polls saw them: the last poll still drawing posters, and the first that saw the end.
  let lastPostersAt = started;
  let lastPrinted = started;
  while (last.state === 'running') {
    during.push(await timed(`${origin}/api/boards`));
    const response = await fetch(`${origin}/api/admin/boards/import/jobs/${job.id}`, { headers });
    last = await response.json();
    const now = performance.now();
    if (last.state === 'running' && last.phase === 'posters') lastPostersAt = now;
    if (now - lastPrinted > 15_000) {
      lastPrinted = now;
      console.log(`  ${seconds(now - started)}: ${last.phase} ${last.done} of ${last.total}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const finishedMs = performance.now() - started;
  if (last.state !== 'done') throw new Error(`the import failed: ${JSON.stringify(last.error)}`);
  const editor = await (await fetch(`${origin}/api/admin/boards`, { headers })).json();
  const imported = editor.boards.filter((board) => board.year >= FIRST_YEAR && board.year < FIRST_YEAR + boards).length;
  const postersMs = lastPostersAt - started;
  console.log(`done: "Imported ${last.result.boards.length} boards." (${imported} of ${boards} in the editor) in ${seconds(finishedMs)}`);
  console.log(
    `  posters: ${seconds(postersMs)} for ${last.total} (${last.total > 0 ? (postersMs / last.total).toFixed(0) : 0} ms each); ` +
      `then the check again and the one transaction: at most ${seconds(finishedMs - postersMs)} (polled every ~0.3 s)`,
  );
  const ratio = median(during) / median(idle);
  console.log(
    `GET /api/boards while importing: median ${median(during).toFixed(1)} ms, p95 ${p95(during).toFixed(1)} ms ` +
      `(n=${during.length}); before: median ${median(idle).toFixed(1)} ms, p95 ${p95(idle).toFixed(1)} ms; ratio ${ratio.toFixed(2)}`,
  );
} finally {
  await server?.stop();
}
