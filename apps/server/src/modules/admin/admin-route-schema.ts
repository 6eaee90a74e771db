import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';

/** What every console route's OpenAPI entry shares: the `admin` tag, the operator's bearer token. */
export const ADMIN_ROUTE = { tags: ['admin'], security: [{ bearer: [] }] };

/** The error answers a console route declares, each with the contract's error body. */
export function adminErrors<const Statuses extends readonly number[]>(...statuses: Statuses) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    [Status in Statuses[number]]: typeof errorResponseSchema;
  };
}
