// The journey of `npm run test:container` through a running compose stack: signs a person up
// (the verification mail read from the app container's outbox), signs in, generates and waits for
// the image. scripts/test-container.sh starts the stack and runs this with:
//   node scripts/test-container.mjs <base-url> <engine> <app-container>
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createSite, generateAndDownload, signUpVerifiedAndSignIn } from './person-journey.mjs';

const [baseUrl, engine, appContainer] = process.argv.slice(2);
if (!baseUrl || !engine || !appContainer) {
  console.error('usage: node scripts/test-container.mjs <base-url> <engine> <app-container>');
  process.exit(2);
}
const run = promisify(execFile);
const site = createSite(baseUrl, { timeoutMs: 180_000 });

/** The mail to `email` in DATA_DIR/mail inside the app container, once it is written. */
async function readMail(email) {
  const { stdout } = await run(engine, [
    'exec',
    appContainer,
    'sh',
    '-c',
    `grep -l -i -F '${email}' /data/mail/*.eml 2>/dev/null | xargs -r cat`,
  ]);
  return stdout || undefined;
}

/** The dashboard's first screen is rendered in the image (dist-server with React beside it). */
async function expectServerRenderedDashboard(cookie) {
  const page = await site.request('/dashboard', { headers: { cookie }, what: 'dashboard' });
  if (!(await page.text()).includes('id="first-answers"')) {
    throw new Error('/dashboard came as the plain document: the signed-in renderer did not load');
  }
  console.log('the dashboard is rendered on the server');
}

/** A worker reports its models a few seconds after it starts; until then a submit is refused. */
async function waitForDefaultModel(authorization) {
  const model = await site.poll('a live worker for the default model', async () => {
    const list = await site.request('/api/v1/models', { headers: { authorization } });
    return (await list.json()).models.find((entry) => entry.is_default && entry.available);
  });
  console.log(`model ${model.id} is served by a live worker`);
}

try {
  const email = `container-${Date.now()}@example.test`;
  const { cookie, authorization } = await signUpVerifiedAndSignIn(site, {
    email,
    password: 'correct horse battery staple',
    readMail,
  });
  console.log(`signed up and in as ${email}`);
  await expectServerRenderedDashboard(cookie);
  await waitForDefaultModel(authorization);
  const prompt = 'an owl over a container port at night';
  const { generation, bytes } = await generateAndDownload(site, { authorization, prompt });
  console.log(`generated ${generation.id}: a ${bytes.length}-byte PNG, served through the app`);
} catch (error) {
  console.error(`journey failed: ${error.message}`);
  process.exit(1);
}
