import { z } from 'zod';

/**
 * Whether a model's engine can make images now, as the workers serving it find it (decision
 * 077): `ready`; `not_installed` (an embedded model's files are not on the machine);
 * `unreachable` (its server does not answer); `misconfigured` (its server refuses what the
 * catalog asks for: credentials, a checkpoint or model it does not have); `failing` (it answers,
 * but its last images failed).
 */
export const MODEL_HEALTH_STATES = [
  'ready',
  'not_installed',
  'unreachable',
  'misconfigured',
  'failing',
] as const;
export type ModelHealthState = (typeof MODEL_HEALTH_STATES)[number];

/** A model's health for operators: the state, its cause in the engine's words, and since when. */
export const modelHealthSchema = z.object({
  state: z.enum(MODEL_HEALTH_STATES),
  /** For operators only (hosts, ports, file names); null when ready. */
  cause: z.string().nullable(),
  since: z.iso.datetime(),
});
export type ModelHealth = z.infer<typeof modelHealthSchema>;

/**
 * Health states in which a model is offered to nobody: a submit to it would fail. `failing` is
 * not among them: its server answers, so it stays offered while operators are alerted.
 */
export const WITHDRAWN_HEALTH_STATES = ['not_installed', 'unreachable', 'misconfigured'] as const;
export type WithdrawnHealthState = (typeof WITHDRAWN_HEALTH_STATES)[number];

export function isWithdrawn(state: ModelHealthState): state is WithdrawnHealthState {
  return (WITHDRAWN_HEALTH_STATES as readonly string[]).includes(state);
}

/**
 * Why a model is not offered, in words a person may read (no hosts, no ports): switched off by
 * an operator, no live worker, or its engine's health.
 */
export const MODEL_UNAVAILABLE_REASONS = [
  'disabled',
  'no_worker',
  ...WITHDRAWN_HEALTH_STATES,
] as const;
export type ModelUnavailableReason = (typeof MODEL_UNAVAILABLE_REASONS)[number];
