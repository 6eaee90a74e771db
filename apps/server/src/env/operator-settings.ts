import { z } from 'zod';
import { optionalBoolean, optionalString } from './env-fields';

/** OPERATOR_EMAILS: comma-separated addresses, compared lower-cased (decision 056). */
export const operatorEmails = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  )
  .pipe(z.array(z.email({ error: 'expected comma-separated email addresses' })));

/** OPERATOR_REQUIRE_TWO_FACTOR: on unless explicitly false (local use only). */
export const operatorRequireTwoFactor = optionalBoolean.transform((value) => value ?? true);

/** The operators (decision 056) and the bearer token of GET /metrics. */
export const operatorVariables = {
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  OPERATOR_EMAILS: operatorEmails,
  OPERATOR_REQUIRE_TWO_FACTOR: operatorRequireTwoFactor,
};
