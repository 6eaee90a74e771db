import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminLandingSamplesResponseSchema } from '@nocturne/contract/admin/landing-samples';
import {
  CHOSEN_SAMPLE_TEMPLATE_ID,
  LANDING_GALLERY_ATTRIBUTE,
  SAMPLE_IMAGE_SLOT,
  SAMPLE_PROMPT_SLOT,
} from '@nocturne/contract/landing-page-slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../test/admin-fixture';
import { TINY_PNG, waitFor } from '../../../test/generation-worker-harness';
import { favorites } from '../generations/generations-tables';

const CARD = `<li><figure><img src="${SAMPLE_IMAGE_SLOT}" alt="${SAMPLE_PROMPT_SLOT}"/><p>“<!-- -->${SAMPLE_PROMPT_SLOT}<!-- -->”</p><p>Made with Nocturne</p></figure></li>`;
const LANDING_HTML =
  `<!doctype html><title>Landing</title><div id="root"><h2>From prompt to picture</h2>` +
  `<ul ${LANDING_GALLERY_ATTRIBUTE}="" class="grid">` +
  `<li><figure>Illustration one</figure></li><li><figure>Illustration two</figure></li>` +
  `<li><figure>Illustration three</figure></li></ul>` +
  `<footer>18+</footer><template id="${CHOSEN_SAMPLE_TEMPLATE_ID}">${CARD}</template></div>`;

/** The prerendered landing shows the operator's chosen samples once there are any. */
describe('the landing with chosen samples', () => {
  let distDir: string;
  let context: AdminTestContext;
  let favoriteIds: string[];

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'nocturne-dist-'));
    await writeFile(path.join(distDir, 'index.html'), '<div id="root"></div>');
    await writeFile(path.join(distDir, 'landing.html'), LANDING_HTML);
    context = await createAdminTestContext({ env: { WEB_DIST_DIR: distDir } });
    const { app, database } = context.ctx;
    const prompts = ['an owl <b>& "friends"</b>', 'a fox'];
    const values = [];
    for (const prompt of prompts) {
      const imagePath = await app.images.save(TINY_PNG);
      values.push({
        userId: context.operator.userId,
        sourcePrompt: prompt,
        contentPrompt: prompt,
        imagePath,
      });
    }
    const rows = await database.db.insert(favorites).values(values).returning();
    favoriteIds = rows.map((row) => row.id);
  }, 120_000);
  afterAll(async () => {
    await context.ctx.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const landing = async () => (await context.ctx.app.inject({ method: 'GET', url: '/' })).body;
  const choose = (ids: string[]) =>
    apiCall(context.ctx, context.operator.token, 'PUT', '/admin/landing-samples', {
      favorite_ids: ids,
    });

  it('sends the built page, illustrations and all, until samples are chosen', async () => {
    expect(await landing()).toBe(LANDING_HTML);
  });

  it('shows the chosen samples first in their order, escaped, then illustrations to fill the row', async () => {
    expect((await choose([favoriteIds[1]!, favoriteIds[0]!])).statusCode).toBe(200);
    const html = await waitFor(async () => {
      const body = await landing();
      return body.includes('Made with Nocturne') ? body : undefined;
    });
    const list = await apiCall(
      context.ctx,
      context.operator.token,
      'GET',
      '/admin/landing-samples',
    );
    const samples = adminLandingSamplesResponseSchema.parse(list.json()).samples;
    expect(samples.map((sample) => sample.favorite_id)).toEqual([favoriteIds[1], favoriteIds[0]]);
    // The row keeps its three cards: the two samples, then the first illustration only.
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html.match(/Illustration/g)).toEqual(['Illustration']);
    expect(html).toContain('Illustration one');
    expect(html.indexOf(samples[1]!.image_url)).toBeLessThan(html.indexOf('Illustration one'));
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<b>');
    expect(html).toContain('alt="an owl &lt;b&gt;&amp; &quot;friends&quot;&lt;/b&gt;"');
    expect(html.match(/Made with Nocturne/g)).toHaveLength(2);
    expect(html.indexOf(samples[0]!.image_url)).toBeLessThan(html.indexOf(samples[1]!.image_url));
    expect(html).toContain('<footer>18+</footer>');
    const image = await context.ctx.app.inject({ method: 'GET', url: samples[0]!.image_url });
    expect(image.statusCode).toBe(200);
  });

  it('goes back to the built page when the samples are cleared', async () => {
    expect((await choose([])).statusCode).toBe(200);
    await waitFor(async () => (await landing()) === LANDING_HTML);
  });

  it('is read by operators only', async () => {
    const response = await apiCall(
      context.ctx,
      context.person.token,
      'GET',
      '/admin/landing-samples',
    );
    expect(response.statusCode).toBe(403);
  });
});
