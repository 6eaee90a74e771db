import type ort from 'onnxruntime-node';
import { BadResponseError } from '../errors';

export interface TensorPort {
  name: string;
  type: string;
  shape: ReadonlyArray<number | string>;
}

function tensorPorts(list: readonly ort.InferenceSession.ValueMetadata[]): TensorPort[] {
  return list.flatMap((meta) =>
    meta.isTensor ? [{ name: meta.name, type: meta.type, shape: meta.shape }] : [],
  );
}

/**
 * Finds a port by its conventional diffusers name, falling back to position: exports differ in
 * naming (`input_ids` vs `input`), so names come from the session, never from assumptions.
 */
function pick(
  ports: TensorPort[],
  preferred: readonly string[],
  index: number,
  what: string,
): TensorPort {
  const byName = ports.find((port) => preferred.includes(port.name));
  const port = byName ?? ports[index];
  if (!port)
    throw new BadResponseError(`Model has no ${what} (looked for ${preferred.join(', ')}).`);
  return port;
}

export interface SessionPorts {
  inputs: TensorPort[];
  outputs: TensorPort[];
  input(preferred: readonly string[], index: number, what: string): TensorPort;
  output(preferred: readonly string[], index: number, what: string): TensorPort;
}

export function readSessionPorts(session: ort.InferenceSession): SessionPorts {
  const inputs = tensorPorts(session.inputMetadata);
  const outputs = tensorPorts(session.outputMetadata);
  return {
    inputs,
    outputs,
    input: (preferred, index, what) => pick(inputs, preferred, index, what),
    output: (preferred, index, what) => pick(outputs, preferred, index, what),
  };
}

/** Fixed batch size from a declared shape (dynamic dims count as 1). */
export function batchOf(port: TensorPort): number {
  const first = port.shape[0];
  return typeof first === 'number' && first > 0 ? first : 1;
}
