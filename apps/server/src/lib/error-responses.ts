import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';

/** The error answers a route declares, each with the contract's error body. */
export function errorResponses<const Statuses extends readonly number[]>(...statuses: Statuses) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    [Status in Statuses[number]]: typeof errorResponseSchema;
  };
}
