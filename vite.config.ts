import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { yearsSpan } from './src/domain/boards';
import { AppShell } from './src/ui/app-shell';

const APP_SHELL_SLOT = '<!--app-shell--><!--/app-shell-->';

/**
 * index.html's static app shell (painted before any script runs), rendered from the components the
 * app draws (src/ui/app-shell.tsx). About names the years of the boards' seed; the server sends
 * /about, /db and /shop with their own data instead (server/pages/site-pages.ts).
 */
function staticShell(): Plugin {
  return {
    name: 'mingo-static-shell',
    transformIndexHtml(html) {
      if (!html.includes(APP_SHELL_SLOT)) throw new Error(`index.html has no ${APP_SHELL_SLOT} for the static app shell`);
      const seed: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, 'public/data/movielist.json'), 'utf8'));
      const years = Array.isArray(seed) ? seed.map((movie: { year?: unknown }) => Number(movie.year)).filter(Number.isInteger) : [];
      const shell = renderToStaticMarkup(createElement(AppShell, { aboutYears: yearsSpan(years) }));
      return html.replace(APP_SHELL_SLOT, () => `<!--app-shell-->${shell}<!--/app-shell-->`);
    },
  };
}

/**
 * public/data/movielist.json is the seed of the boards tables (migration 0061), not a file to
 * serve: the server answers /data/movielist.json from the published boards (decision 150). Removed
 * from the output once the public files are copied, before the service worker lists what to precache.
 */
function dropBoardsSeed(): Plugin {
  return {
    name: 'mingo-drop-boards-seed',
    apply: 'build',
    writeBundle(options) {
      if (options.dir !== undefined) rmSync(path.join(options.dir, 'data', 'movielist.json'), { force: true });
    },
  };
}

const distDir = process.env.DIST_DIR ?? 'dist';
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), staticShell(), dropBoardsSeed(), VitePWA(pwaOptions)],
  build: {
    outDir: `../../${distDir}/client`,
    emptyOutDir: true,
    // Hashed build output lives under /static/ (immutable caching); /assets/ holds
    // unhashed public files such as particles.json.
    assetsDir: 'static',
    sourcemap: 'hidden',
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/data/movielist.json': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/checkout': apiTarget,
    },
  },
});
