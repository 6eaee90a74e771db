/**
 * The wire exchange each backend needs, done by hand with nothing around it: the baseline the
 * engine's own overhead is measured against.
 */

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export async function rawA1111(base: string): Promise<Buffer> {
  const answer = (await postJson(`${base}/sdapi/v1/txt2img`, { prompt: 'x' })) as {
    images: string[];
  };
  return Buffer.from(answer.images[0] ?? '', 'base64');
}

export async function rawOpenAi(base: string): Promise<Buffer> {
  const answer = (await postJson(`${base}/v1/images/generations`, { prompt: 'x' })) as {
    data: Array<{ b64_json: string }>;
  };
  return Buffer.from(answer.data[0]?.b64_json ?? '', 'base64');
}

/** POST /prompt, GET /history, GET /view: no websocket (the instant server is already done). */
export async function rawComfy(base: string): Promise<Buffer> {
  const { prompt_id: id } = (await postJson(`${base}/prompt`, {
    prompt: {},
    client_id: 'raw',
  })) as {
    prompt_id: string;
  };
  await (await fetch(`${base}/history/${id}`)).json();
  return Buffer.from(await (await fetch(`${base}/view?filename=out.png`)).arrayBuffer());
}
