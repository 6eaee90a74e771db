import { z } from 'zod';
import { picked, type Parsed } from './env-fields';

const perUnit = () => z.coerce.number().int().positive();

/** Rate limits per address and per person, and the bounds on one request and connection. */
export const limitVariables = {
  SIGN_UP_MAX_PER_IP_PER_MINUTE: perUnit().default(10),
  SIGN_IN_MAX_PER_IP_PER_15_MIN: perUnit().default(30),
  SIGN_IN_MAX_PER_ACCOUNT_AND_IP: perUnit().default(10),
  SIGN_IN_MAX_PER_EMAIL: perUnit().default(100),
  RATE_LIMIT_PER_MINUTE: perUnit().default(600),
  IMAGE_RATE_LIMIT_PER_MINUTE: perUnit().default(3000),
  GENERATE_MAX_PER_USER_PER_MINUTE: perUnit().default(30),
  DAILY_CLAIM_MAX_PER_USER_PER_MINUTE: perUnit().default(10),
  IPN_MAX_PER_IP_PER_MINUTE: perUnit().default(6000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  HTTP_REQUEST_TIMEOUT_S: z.coerce.number().positive().default(30),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
};

/** The limits pass through as they are. */
export function limitSettings(raw: Parsed<typeof limitVariables>) {
  return picked(raw, limitVariables);
}
