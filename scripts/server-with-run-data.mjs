// The browser suite's server (playwright.config.ts): the production server, whose data directory
// (DATA_DIR, a temporary directory of this run: PGlite's database, media, the e-mail outbox, some
// 40 MB) is removed once it has stopped, so that runs leave nothing behind in the temp directory.
// Playwright stops it with SIGTERM (`gracefulShutdown`), sent to the whole process group: the
// server drains and exits on its own, and this process waits for it.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const [serverFile] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR;
if (serverFile === undefined || dataDir === undefined) {
  console.error('usage: DATA_DIR=<temporary directory> node scripts/server-with-run-data.mjs <server.js>');
  process.exit(2);
}
const server = spawn(process.execPath, [serverFile], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) {
  // The server got the same signal (same process group); a signal sent to this process alone is passed on.
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal === null ? 1 : 0));
});
