import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';
import { LETTERS } from './src/domain/boards';
import { LETTER_COLORS, LOGO_LETTER_CLASS } from './src/web/lib/letter-colors';

const STATIC_LOGO_PLACEHOLDER = '<!-- static-logo-letters -->';

/** index.html's logo (painted before any script runs), generated from the module the React logo uses. */
function staticLogo(): Plugin {
  const letters = LETTERS.map((letter, index) => `<span class="${LOGO_LETTER_CLASS} ${LETTER_COLORS[index] ?? ''}">${letter}</span>`).join(
    '',
  );
  return {
    name: 'mingo-static-logo',
    transformIndexHtml(html) {
      if (!html.includes(STATIC_LOGO_PLACEHOLDER)) throw new Error(`index.html has no ${STATIC_LOGO_PLACEHOLDER} for the static logo`);
      return html.replace(STATIC_LOGO_PLACEHOLDER, letters);
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
  plugins: [react(), tailwindcss(), staticLogo(), dropBoardsSeed(), VitePWA(pwaOptions)],
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
