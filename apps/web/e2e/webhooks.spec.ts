import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

const PROMPT = 'a lighthouse that reports back';

/** A receiver on 127.0.0.1 (the e2e server runs with WEBHOOKS_ALLOW_PRIVATE) that keeps each POST. */
async function startReceiver() {
  const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> =
    [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nocturne`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** docs/webhooks.md's check: HMAC-SHA256 of "t.body" under the secret, within five minutes. */
function signatureHolds(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Signed webhooks (issue 48): a webhook added on the profile points at a local receiver; an API
 * key made on the same page generates from outside the browser, and the receiver gets a signed
 * `generation.completed` for that image, which the profile then lists as delivered.
 */
test('webhooks: a key generates from a script and the receiver gets a signed completion', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await signUpVerifiedAndSignIn(page, 'webhooks');
    await page.goto('/profile');
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await expect(hooks.getByText('You have no webhooks yet.')).toBeVisible();
    await hooks.getByLabel('Webhook URL').fill(receiver.url);
    await hooks.getByRole('button', { name: 'Add webhook' }).click();
    const secretField = hooks.getByLabel('Signing secret');
    await expect(secretField).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const secret = await secretField.inputValue();
    await expect(hooks.getByRole('list', { name: 'Webhooks' })).toContainText(receiver.url);

    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Key name').fill('webhook script');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const key = await keys.getByLabel('Your new API key').inputValue();
    expect(key).toMatch(/^nct_/);

    const origin = new URL(page.url()).origin;
    const submitted = await fetch(`${origin}/api/v1/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source_prompt: '', content_prompt: PROMPT, model: 'preview' }),
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const { requestId } = (await submitted.json()) as { requestId: string };

    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(1);
    const [delivery] = receiver.received;
    const signature = String(delivery?.headers['nocturne-signature']);
    expect(signatureHolds(secret, signature, delivery?.body ?? '')).toBe(true);
    expect(signatureHolds(`${secret}0`, signature, delivery?.body ?? '')).toBe(false);
    const event = JSON.parse(delivery?.body ?? '{}') as {
      id: string;
      type: string;
      data: { generation: { request_id: string; status: string; content_prompt: string } };
    };
    expect(delivery?.headers['nocturne-event-id']).toBe(event.id);
    expect(event.type).toBe('generation.completed');
    expect(event.data.generation).toMatchObject({
      request_id: requestId,
      status: 'completed',
      content_prompt: PROMPT,
    });

    await hooks.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
    await expect(hooks.getByRole('list', { name: `Deliveries to ${receiver.url}` })).toContainText(
      /generation\.completed .* Delivered · 1 attempt · HTTP 204/,
    );
  } finally {
    await receiver.close();
  }
});
