import { z } from 'zod';
import { optionalString, type FromInvocationDir, type Parsed } from './env-fields';

/** The generation queue and its workers: timeouts, leases, concurrency, per-person bounds. */
export const queueVariables = {
  GENERATION_TIMEOUT_S: z.coerce.number().int().positive().default(120),
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).default(30),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  GENERATION_LEASE_S: z.coerce.number().int().min(3).max(3600).default(60),
  GENERATION_QUEUE_MAX_PER_USER: z.coerce.number().int().min(1).default(8),
  GENERATION_QUEUE_MAX_PER_PREMIUM_USER: z.coerce.number().int().min(1).default(24),
  RESULT_RETENTION_HOURS: z.coerce.number().positive().default(24),
};

/** The content rules' suspension and the operator's extra list of real people's names. */
export const moderationVariables = {
  PROMPT_SUSPENSION_HOURS: z.coerce.number().positive().default(24),
  PROMPT_POLICY_EXTRA_NAMES_FILE: optionalString,
};

export function queueSettings(raw: Parsed<typeof queueVariables>) {
  return {
    GENERATION_TIMEOUT_S: raw.GENERATION_TIMEOUT_S,
    SHUTDOWN_GRACE_S: raw.SHUTDOWN_GRACE_S,
    WORKER_CONCURRENCY: raw.WORKER_CONCURRENCY,
    GENERATION_LEASE_S: raw.GENERATION_LEASE_S,
    GENERATION_QUEUE_LIMITS: {
      free: raw.GENERATION_QUEUE_MAX_PER_USER,
      premium: raw.GENERATION_QUEUE_MAX_PER_PREMIUM_USER,
    },
    RESULT_RETENTION_HOURS: raw.RESULT_RETENTION_HOURS,
  };
}

export function moderationSettings(
  raw: Parsed<typeof moderationVariables>,
  from: FromInvocationDir,
) {
  return {
    PROMPT_SUSPENSION_HOURS: raw.PROMPT_SUSPENSION_HOURS,
    PROMPT_POLICY_EXTRA_NAMES_FILE: from(raw.PROMPT_POLICY_EXTRA_NAMES_FILE),
  };
}
