// The floor of the start-up benchmark (bench/startup.mjs bundles it; decision 220): what the server
// must do before any of the app's code runs, and nothing more. It sets the server's WebAssembly flag
// (its one argument), starts PGlite's thread as server.ts does (openPgliteThread, with DATA_DIR and
// the build's template) and answers every request with `select 1` through that thread. SIGTERM
// closes PGlite as the server does, so that the next start is a clean restart.
import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { openPgliteThread } from '../src/server/db/pglite-thread';

const [wasmSetting] = process.argv.slice(2);
const { DATA_DIR: dataDir, PGLITE_TEMPLATE_DIR: templateDir, PORT: port, HOST: host } = process.env;
if (wasmSetting === undefined || dataDir === undefined) throw new Error('usage: DATA_DIR=… node restart-floor.mjs <V8 flag>');

setFlagsFromString(wasmSetting);
const { client, lock } = await openPgliteThread({ dataDir, templateDir });
const server = createServer((_request, response) => {
  client.query('select 1').then(
    () => response.end('ready'),
    (error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    },
  );
});
server.listen(Number(port), host);
process.once('SIGTERM', () => {
  server.close();
  void client
    .close()
    .finally(lock.release)
    .then(() => process.exit(0));
});
