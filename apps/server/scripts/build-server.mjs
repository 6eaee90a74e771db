// `npm run build -w @nocturne/server`: bundles the server into dist/main.js (bundle-server.mjs), so
// `npm start` runs plain JavaScript with no compiler at run time.
import path from 'node:path';
import { bundleServer, SERVER_DIR } from './bundle-server.mjs';

const started = performance.now();
await bundleServer({ outdir: path.join(SERVER_DIR, 'dist'), entries: ['main'] });
console.log(`server bundled to dist/main.js in ${Math.round(performance.now() - started)} ms`);
