import ort from 'onnxruntime-node';
import { BadResponseError } from '../errors';
import { float16ToFloat32, float32ToFloat16 } from './float16';

export type FloatType = 'float32' | 'float16';

/** Wraps fp32 values as a tensor of whatever float type the session input declares. */
export function floatTensor(
  type: string,
  values: Float32Array,
  dims: readonly number[],
): ort.Tensor {
  if (type === 'float16') return new ort.Tensor('float16', float32ToFloat16(values), dims);
  if (type === 'float32') return new ort.Tensor('float32', values, dims);
  throw new BadResponseError(
    `Model input expects ${type}; only float32 and float16 are supported.`,
  );
}

/** A scalar-per-batch tensor (the UNet timestep) in the dtype the model declares. */
export function timestepTensor(
  type: string,
  timestep: number,
  dims: readonly number[],
): ort.Tensor {
  const length = dims.reduce((a, b) => a * b, 1);
  switch (type) {
    case 'int64':
      return new ort.Tensor('int64', new BigInt64Array(length).fill(BigInt(timestep)), dims);
    case 'int32':
      return new ort.Tensor('int32', new Int32Array(length).fill(timestep), dims);
    default:
      return floatTensor(type, new Float32Array(length).fill(timestep), dims);
  }
}

/** Token ids in the integer type the text encoder declares (int32 in SD exports, int64 in others). */
export function idsTensor(type: string, ids: Int32Array): ort.Tensor {
  const dims = [1, ids.length];
  if (type === 'int64')
    return new ort.Tensor(
      'int64',
      BigInt64Array.from(ids, (v) => BigInt(v)),
      dims,
    );
  if (type === 'int32') return new ort.Tensor('int32', ids, dims);
  throw new BadResponseError(`Text encoder input expects ${type}; expected int32 or int64 ids.`);
}

/** Reads any float output back as fp32. */
export function tensorToFloat32(tensor: ort.Tensor): Float32Array {
  if (tensor.type === 'float32') return tensor.data as Float32Array;
  if (tensor.type === 'float16') {
    const data = tensor.data as unknown;
    // onnxruntime may hand back Float16Array where the runtime has it; normalise to raw bits.
    const bits =
      data instanceof Uint16Array
        ? data
        : new Uint16Array((data as { buffer: ArrayBuffer }).buffer);
    return float16ToFloat32(bits);
  }
  throw new BadResponseError(`Model output is ${tensor.type}; expected float32 or float16.`);
}
