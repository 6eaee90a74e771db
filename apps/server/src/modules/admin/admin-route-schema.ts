/** What every console route's OpenAPI entry shares: the `admin` tag, the operator's bearer token. */
export const ADMIN_ROUTE = { tags: ['admin'], security: [{ bearer: [] }] };
