// `npm run dev`: the API server with file watching on :3000 and Vite with hot reload on :5173
// (Vite proxies /api, /realtime, /health and /images to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process';

/**
 * The page the developer opens is Vite's: the server trusts its origin (sign-up, sign-in, redirect
 * targets) only because this script adds it to CORS_ORIGINS; `npm start` never trusts it.
 */
const VITE_ORIGIN = 'http://localhost:5173';
const serverEnv = {
  ...process.env,
  CORS_ORIGINS: [process.env.CORS_ORIGINS, VITE_ORIGIN].filter(Boolean).join(','),
};

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@nocturne/server'], {
    stdio: 'inherit',
    env: serverEnv,
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@nocturne/web'], { stdio: 'inherit' }),
];

function stopAll(signal) {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 1;
  });
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
console.log('Nocturne dev: open http://localhost:5173 (API on http://localhost:3000)');
