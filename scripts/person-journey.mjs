// A person's first minutes on a running Nocturne, over HTTP as the web app makes them: sign-up
// verified through the mailed link, sign-in, an image generated and downloaded. Shared by
// smoke.mjs (a local build) and test-container.mjs (the compose stack), which differ in where the
// outbox is read, how long they wait, and what they do before generating.

/**
 * The site at `baseUrl`: `request(path, { method, body, headers })` sends JSON with the Origin a
 * browser on the site sends (better-auth refuses auth POSTs without it), follows no redirect and
 * throws on an error status, naming `what`; `poll(what, probe)` calls `probe` until it answers a
 * value, and fails naming `what` after `timeoutMs`.
 */
export function createSite(baseUrl, { timeoutMs }) {
  async function request(path, { method = 'GET', body, headers = {}, what = path } = {}) {
    const response = await fetch(new URL(path, baseUrl), {
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
    if (response.status >= 400) {
      throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
    }
    return response;
  }
  async function poll(what, probe) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
  }
  return { request, poll };
}

/** The verification link in a mail as nodemailer writes it (quoted-printable), if it holds one. */
export function verificationLinkIn(mail) {
  const text = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const link = text.match(/https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/)?.[0];
  return link?.replace(/&amp;/g, '&');
}

/**
 * Signs a new person up, verifies the address through the link in the mail `readMail(email)`
 * answers (its raw text, or undefined until it is written), signs in and takes an access token.
 */
export async function signUpVerifiedAndSignIn(site, { email, password, readMail }) {
  await site.request('/api/auth/sign-up/email', {
    method: 'POST',
    body: { name: 'Night Owl', email, password, ageConfirmed: true },
    what: 'sign-up',
  });
  const link = await site.poll(`the verification mail to ${email}`, async () => {
    const mail = await readMail(email);
    return mail === undefined ? undefined : verificationLinkIn(mail);
  });
  const verify = new URL(link);
  await site.request(verify.pathname + verify.search, { what: 'verification' });
  const signedIn = await site.request('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email, password },
    what: 'sign-in',
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const tokenResponse = await site.request('/api/auth/token', {
    headers: { cookie },
    what: 'access token',
  });
  const { token } = await tokenResponse.json();
  return { cookie, authorization: `Bearer ${token}` };
}

/**
 * Submits `prompt`, waits for that generation to complete (a failed one throws) and downloads its
 * image, which must be a PNG; answers the generation and the image's bytes.
 */
export async function generateAndDownload(site, { authorization, prompt }) {
  const headers = { authorization };
  const submitted = await site.request('/api/v1/generate', {
    method: 'POST',
    headers,
    body: { source_prompt: '', content_prompt: prompt },
    what: 'generate',
  });
  const { requestId } = await submitted.json();
  const generation = await site.poll('the generation to complete', async () => {
    const response = await site.request(`/api/v1/generations/${requestId}`, { headers });
    const body = await response.json();
    if (body.status === 'failed') throw new Error(`generation failed: ${body.error}`);
    return body.status === 'completed' ? body : undefined;
  });
  const image = await site.request(generation.result_image_url, { headers, what: 'image' });
  const bytes = Buffer.from(await image.arrayBuffer());
  if (!bytes.subarray(1, 4).equals(Buffer.from('PNG'))) throw new Error('the result is not a PNG');
  return { generation, bytes };
}
