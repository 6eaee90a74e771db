import { isImageGenError, type ImageGenErrorKind } from '@nocturne/imagegen/errors';

/**
 * What kind of failure ended a job, as the console groups them: the engine's (its server did not
 * answer, refused our settings, has no such model, answered garbage…) or the worker's own
 * (its deadline, runs that kept dying, a source image gone).
 */
export const FAILURE_KINDS = [
  'unreachable',
  'misconfigured',
  'not_installed',
  'bad_response',
  'unsupported',
  'invalid_request',
  'cancelled',
  'timeout',
  'abandoned',
  'source_vanished',
  'refused',
  'error',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** A failure as the console reads it: its kind, and the engine's own words (hosts, ports, files). */
export interface JobFailure {
  kind: FailureKind;
  detail: string | null;
}

/** The stored detail is a sentence or a short log line, never a whole page an engine answered. */
const DETAIL_MAX_LENGTH = 1_000;

const ENGINE_KINDS: Record<ImageGenErrorKind, FailureKind> = {
  backend_unreachable: 'unreachable',
  misconfigured: 'misconfigured',
  model_missing: 'not_installed',
  bad_response: 'bad_response',
  unsupported: 'unsupported',
  invalid_request: 'invalid_request',
  cancelled: 'cancelled',
  timeout: 'timeout',
};

export function jobFailure(kind: FailureKind, detail: string): JobFailure {
  return { kind, detail: detail.slice(0, DETAIL_MAX_LENGTH) };
}

/** An engine's error as a failure: imagegen's kinds, anything else an `error` with its message. */
export function failureOfError(error: unknown): JobFailure {
  const message = error instanceof Error ? error.message : String(error);
  return jobFailure(isImageGenError(error) ? ENGINE_KINDS[error.kind] : 'error', message);
}

/**
 * Whether a failure says something of the engine's health (its server, its settings, its
 * files), not of the request (an action it cannot do, a bad source) or of a cancel.
 */
export function isEngineFailure(failure: JobFailure): boolean {
  return !['unsupported', 'invalid_request', 'cancelled', 'source_vanished', 'abandoned'].includes(
    failure.kind,
  );
}
