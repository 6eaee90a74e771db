import { found } from '../engine-probe';
import { backendFetch, readJson } from './http';

/**
 * GET `path` of a backend's server for a probe, and its JSON. Refused credentials (401, 403) and
 * a route the server does not have (404: another kind of server at that URL, or A1111 without
 * `--api`) end the probe as `misconfigured`, naming the route, unless the route is `optional`
 * (then undefined: an older server version without it); network errors and other statuses are
 * left to the probe's caller (engine-probe.ts findingOf).
 */
export async function probeJson(
  backend: string,
  base: string,
  path: string,
  init: { headers?: Record<string, string>; signal: AbortSignal; optional?: boolean },
): Promise<unknown> {
  const { optional, ...request } = init;
  const response = await backendFetch(backend, `${base}${path}`, {
    ...request,
    readStatuses: [401, 403, 404],
  });
  if (response.status === 401 || response.status === 403)
    found(
      'misconfigured',
      `${response.status} from GET ${path}: ${backend} refused the credentials`,
    );
  if (response.status === 404) {
    if (optional) return undefined;
    found('misconfigured', `GET ${path} answered 404: is ${base} ${backend}?`);
  }
  return readJson(backend, response, init.signal);
}
