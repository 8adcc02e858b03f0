// Development mode: the API server restarts on change (tsx watch) and Vite serves the web
// app with hot module replacement on http://localhost:3000, proxying /api and /media.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: {
      ...env,
      PORT: apiPort,
      HOST: '127.0.0.1',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
