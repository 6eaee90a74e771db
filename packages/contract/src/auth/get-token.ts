import { z } from 'zod';

/** better-auth JWT plugin: `GET /api/auth/token` → `{ token }`, a short-lived EdDSA-signed JWT. */
export const getTokenResponseSchema = z.object({ token: z.string().min(1) });
export type GetTokenResponse = z.infer<typeof getTokenResponseSchema>;

/** Claims every `/api/v1` token carries; `sub` is the user id. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  iss: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  /** The session the token was issued for; the server refuses a token without it. */
  sid: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
