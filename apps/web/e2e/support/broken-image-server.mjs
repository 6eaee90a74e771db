// An AUTOMATIC1111 server for the e2e "failing" server (playwright.config.ts): it answers what the
// engine's probe asks (GET /sdapi/v1/sd-models), so the model stays offered, but every image fails
// after a moment, like a GPU that runs out of memory. Nothing but node:http, started by Playwright.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3102);
/** Long enough for a person to cancel the running image, short enough for three attempts. */
const FAIL_AFTER_MS = 1_500;

const json = (response, status, value) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

createServer((request, response) => {
  request.resume();
  const url = request.url ?? '/';
  if (url === '/') return json(response, 200, { serves: 'AUTOMATIC1111, failing every image' });
  if (url === '/sdapi/v1/sd-models') return json(response, 200, []);
  if (url.startsWith('/sdapi/v1/progress')) return json(response, 200, { progress: 0.5 });
  if (url === '/sdapi/v1/interrupt') return json(response, 200, {});
  if (url === '/sdapi/v1/txt2img') {
    const timer = setTimeout(
      () => json(response, 500, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' }),
      FAIL_AFTER_MS,
    );
    response.on('close', () => clearTimeout(timer));
    return undefined;
  }
  return json(response, 404, { detail: 'Not Found' });
}).listen(port, '127.0.0.1');
