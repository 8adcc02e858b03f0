import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';

const distDir = process.env.DIST_DIR ?? 'dist';
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions)],
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
      '/media': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/checkout': apiTarget,
    },
  },
});
