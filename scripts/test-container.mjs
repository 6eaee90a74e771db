// The journey of `npm run test:container` through a running compose stack: signs a person up
// (the verification mail read from the app container's outbox), signs in, generates and waits for
// the image. scripts/test-container.sh starts the stack and runs this with:
//   node scripts/test-container.mjs <base-url> <engine> <app-container>
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const [baseUrl, engine, appContainer] = process.argv.slice(2);
if (!baseUrl || !engine || !appContainer) {
  console.error('usage: node scripts/test-container.mjs <base-url> <engine> <app-container>');
  process.exit(2);
}
const run = promisify(execFile);
const PASSWORD = 'correct horse battery staple';
const STEP_TIMEOUT_MS = 180_000;

/** better-auth refuses auth POSTs without a trusted Origin: the one a browser on the site sends. */
async function call(path, { method = 'GET', body, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
    headers: {
      origin: baseUrl,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response;
}

async function expectOk(response, what) {
  if (response.ok) return response;
  throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
}

/** Polls `probe` until it returns a value, or fails with `what` after STEP_TIMEOUT_MS. */
async function waitFor(what, probe) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s waiting for ${what}`);
}

/** Decodes quoted-printable soft breaks and escapes, as nodemailer writes the outbox's files. */
function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The verification link mailed to `email`, read from DATA_DIR/mail inside the app container. */
async function readVerificationLink(email) {
  return waitFor(`the verification mail to ${email}`, async () => {
    const { stdout } = await run(engine, [
      'exec',
      appContainer,
      'sh',
      '-c',
      `grep -l -i -F '${email}' /data/mail/*.eml 2>/dev/null | xargs -r cat`,
    ]);
    const mail = decodeQuotedPrintable(stdout);
    const link = mail.match(/https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/)?.[0];
    return link?.replace(/&amp;/g, '&');
  });
}

async function signUpAndSignIn() {
  const email = `container-${Date.now()}@example.test`;
  await expectOk(
    await call('/api/auth/sign-up/email', {
      method: 'POST',
      body: { name: 'Night Owl', email, password: PASSWORD, ageConfirmed: true },
    }),
    'sign-up',
  );
  const link = new URL(await readVerificationLink(email));
  const verified = await call(link.pathname + link.search);
  if (verified.status >= 400) throw new Error(`verification: HTTP ${verified.status}`);
  const signedIn = await expectOk(
    await call('/api/auth/sign-in/email', { method: 'POST', body: { email, password: PASSWORD } }),
    'sign-in',
  );
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const tokenResponse = await expectOk(
    await call('/api/auth/token', { headers: { cookie } }),
    'access token',
  );
  const { token } = await tokenResponse.json();
  console.log(`signed up and in as ${email}`);
  return { cookie, authorization: `Bearer ${token}` };
}

/** The dashboard's first screen is rendered in the image (dist-server with React beside it). */
async function expectServerRenderedDashboard(cookie) {
  const page = await expectOk(await call('/dashboard', { headers: { cookie } }), 'dashboard');
  if (!(await page.text()).includes('id="first-answers"')) {
    throw new Error('/dashboard came as the plain document: the signed-in renderer did not load');
  }
  console.log('the dashboard is rendered on the server');
}

/** A worker reports its models a few seconds after it starts; until then a submit is refused. */
async function waitForDefaultModel(headers) {
  const model = await waitFor('a live worker for the default model', async () => {
    const list = await expectOk(await call('/api/v1/models', { headers }), 'models');
    return (await list.json()).models.find((entry) => entry.is_default && entry.available);
  });
  console.log(`model ${model.id} is served by a live worker`);
}

async function generateAndWait(headers) {
  await waitForDefaultModel(headers);
  await expectOk(
    await call('/api/v1/generate', {
      method: 'POST',
      headers,
      body: { source_prompt: '', content_prompt: 'an owl over a container port at night' },
    }),
    'generate',
  );
  const generation = await waitFor('the generation to complete', async () => {
    const list = await expectOk(await call('/api/v1/generations?limit=5', { headers }), 'list');
    const [latest] = (await list.json()).generations ?? [];
    if (latest?.status === 'failed')
      throw new Error(`generation failed: ${JSON.stringify(latest)}`);
    return latest?.status === 'completed' ? latest : undefined;
  });
  const image = await expectOk(await call(generation.result_image_url, { headers }), 'image');
  const bytes = Buffer.from(await image.arrayBuffer());
  if (!bytes.subarray(1, 4).equals(Buffer.from('PNG'))) throw new Error('the result is not a PNG');
  console.log(`generated ${generation.id}: a ${bytes.length}-byte PNG, served through the app`);
}

try {
  const { cookie, authorization } = await signUpAndSignIn();
  await expectServerRenderedDashboard(cookie);
  await generateAndWait({ authorization });
} catch (error) {
  console.error(`journey failed: ${error.message}`);
  process.exit(1);
}
