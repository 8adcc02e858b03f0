// The esbuild plugins of the server's bundle (build-server.mjs): what the production bundle leaves
// out of, or changes in, the packages it bundles, so that a start parses and runs less.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** react-dom/server as its legacy production module: renderToString and renderToStaticMarkup, nothing else. */
export const staticMarkupOnly = {
  name: 'react-dom-server-static-markup-only',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: path.resolve('node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js'),
    }));
  },
};

/**
 * zod's locales as English only: `z` carries all of its ~45 languages' error messages (300 kB that
 * every start would parse), which are only used through `z.config(z.locales.…())`, never called here.
 */
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * @fastify/compress without Node's fetch classes: for every response it asks whether the payload is
 * a fetch `Response` or a web `ReadableStream` with `instanceof`, and the first read of either global
 * makes Node load and compile undici and its web streams on every start, though the app sends
 * neither: 62 ms and 85 ms of CPU here, with the server's V8 flag (which takes the built-ins' code
 * cache away, decision 214).
 * The same question asked by their tag (as Fastify itself asks it) loads nothing; undici then loads
 * only for what uses it (a staff session's `Headers`). Fails the build if the package's text changes.
 */
export const compressWithoutFetchClasses = {
  name: 'compress-without-fetch-classes',
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      for (const [global, tag] of [
        ['Response', '[object Response]'],
        ['ReadableStream', '[object ReadableStream]'],
      ]) {
        const check = `return obj instanceof ${global}\n`;
        if (!contents.includes(check)) throw new Error(`${args.path} no longer says "${check.trim()}": see compressWithoutFetchClasses`);
        contents = contents.replace(check, `return Object.prototype.toString.call(obj) === '${tag}'\n`);
      }
      return { contents, loader: 'js' };
    });
  },
};
