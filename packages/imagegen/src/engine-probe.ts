import { isImageGenError, type ImageGenError } from './errors';
import { DeadlineReason, withDeadline } from './util/abort';

/**
 * What a probe finds of an engine: it can make images (`ready`), its files are not on this
 * machine (`not_installed`), its server does not answer (`unreachable`), its server answers but
 * refuses what the catalog entry asks for (`misconfigured`: credentials, a checkpoint or model it
 * does not have, a URL that is not that kind of server), or it answers its status route with an
 * error (`failing`). A server that renders but lacks some of the catalog's LoRA files is also
 * `failing`, naming them in `unavailableLoras`: the model stays offered, without those LoRAs.
 */
export const PROBE_STATES = [
  'ready',
  'not_installed',
  'unreachable',
  'misconfigured',
  'failing',
] as const;
export type ProbeState = (typeof PROBE_STATES)[number];

/** A probe's finding; `cause` is for the operator (hosts, ports, file names), null when ready. */
export interface EngineProbe {
  state: ProbeState;
  cause: string | null;
  /**
   * The catalog LoRA files its server does not have (ComfyUI): the model still renders, but a
   * request with one of these would fail, so they are not offered. Absent: none missing.
   */
  unavailableLoras?: string[];
}

export const READY: EngineProbe = { state: 'ready', cause: null };

/** How long one probe may take before its server counts as not answering. */
export const PROBE_TIMEOUT_MS = 10_000;

/** What a probe may be given: the caller's signal (a shutdown), and its own deadline. */
export interface ProbeOptions {
  signal?: AbortSignal;
  /** Default PROBE_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Thrown inside a probe to end it with this finding (probeRequest, the backends' probes). */
export class ProbeFinding extends Error {
  constructor(readonly probe: EngineProbe) {
    super(probe.cause ?? probe.state);
    this.name = 'ProbeFinding';
  }
}

/** Ends a probe: `state` because of `cause`. */
export function found(state: ProbeState, cause: string): never {
  throw new ProbeFinding({ state, cause });
}

/** `ECONNREFUSED 127.0.0.1:8188`: the network error's code and where it was going. */
function networkCause(error: ImageGenError, url: string): string {
  const inner = error.cause as { code?: unknown } | undefined;
  const code = typeof inner?.code === 'string' ? inner.code : undefined;
  return code ? `${code} ${new URL(url).host}` : error.message;
}

/** What an error met while probing `url` says of the engine. */
export function findingOf(error: unknown, url: string, signal: AbortSignal): EngineProbe {
  if (error instanceof ProbeFinding) return error.probe;
  if (signal.reason instanceof DeadlineReason) {
    const seconds = signal.reason.timeoutMs / 1000;
    return {
      state: 'unreachable',
      cause: `no answer from ${new URL(url).host} within ${seconds} s`,
    };
  }
  if (!isImageGenError(error)) return { state: 'failing', cause: (error as Error).message };
  switch (error.kind) {
    case 'backend_unreachable':
      return { state: 'unreachable', cause: networkCause(error, url) };
    case 'misconfigured':
      return { state: 'misconfigured', cause: error.message };
    case 'model_missing':
      return { state: 'not_installed', cause: error.message };
    default:
      return { state: 'failing', cause: error.message };
  }
}

/**
 * Runs `check` under the probe's own deadline: its finding, the one it returns, else READY when
 * it returns. A caller's abort (the worker shutting down) is rethrown as the cancel it is.
 */
export async function runProbe(
  url: string,
  check: (signal: AbortSignal) => Promise<EngineProbe | void>,
  { signal, timeoutMs = PROBE_TIMEOUT_MS }: ProbeOptions = {},
): Promise<EngineProbe> {
  const deadline = withDeadline(signal, timeoutMs);
  try {
    return (await check(deadline.signal)) ?? READY;
  } catch (error) {
    if (signal?.aborted) throw error;
    return findingOf(error, url, deadline.signal);
  } finally {
    deadline.dispose();
  }
}
