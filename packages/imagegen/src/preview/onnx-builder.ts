import onnxProto from 'onnx-proto';
import { float32ToFloat16 } from '../onnx/float16';

const { onnx } = onnxProto;
type INodeProto = onnxProto.onnx.INodeProto;
type ITensorProto = onnxProto.onnx.ITensorProto;
type IValueInfoProto = onnxProto.onnx.IValueInfoProto;

export const DT = { float: 1, int8: 3, int32: 6, int64: 7, float16: 10 } as const;
export type ElemType = (typeof DT)[keyof typeof DT];

type Attr = number | number[] | string;

/** Minimal ONNX graph writer for the preview model: nodes, float/int initialisers, value infos. */
export class GraphBuilder {
  private readonly nodes: INodeProto[] = [];
  private readonly initializers: ITensorProto[] = [];
  private readonly inputs: IValueInfoProto[] = [];
  private readonly outputs: IValueInfoProto[] = [];
  private counter = 0;
  /** Operator domains besides the default one (e.g. `com.microsoft` contrib operators). */
  private readonly domains = new Map<string, number>();

  constructor(private readonly name: string) {}

  input(name: string, type: ElemType, shape: Array<number | string>): string {
    this.inputs.push(valueInfo(name, type, shape));
    return name;
  }

  output(name: string, type: ElemType, shape: Array<number | string>): void {
    this.outputs.push(valueInfo(name, type, shape));
  }

  floats(values: ArrayLike<number>, dims: number[]): string {
    const name = `w${this.counter++}`;
    const raw = Buffer.from(Float32Array.from(values).buffer);
    this.initializers.push({ name, dataType: DT.float, dims, rawData: raw });
    return name;
  }

  /** A float16 initialiser (the values rounded to half precision). */
  halves(values: ArrayLike<number>, dims: number[]): string {
    const name = `h${this.counter++}`;
    const raw = Buffer.from(float32ToFloat16(Float32Array.from(values)).buffer);
    this.initializers.push({ name, dataType: DT.float16, dims, rawData: raw });
    return name;
  }

  /** An initialiser from raw little-endian bytes (half bits, int8 weights). */
  raw(dataType: ElemType, bytes: Uint8Array, dims: number[]): string {
    const name = `r${this.counter++}`;
    this.initializers.push({ name, dataType, dims, rawData: bytes });
    return name;
  }

  ints64(values: number[]): string {
    const name = `c${this.counter++}`;
    const raw = Buffer.from(BigInt64Array.from(values, (v) => BigInt(v)).buffer);
    this.initializers.push({ name, dataType: DT.int64, dims: [values.length], rawData: raw });
    return name;
  }

  ints32(values: number[]): string {
    const name = `c${this.counter++}`;
    const raw = Buffer.from(Int32Array.from(values).buffer);
    this.initializers.push({ name, dataType: DT.int32, dims: [values.length], rawData: raw });
    return name;
  }

  op(
    opType: string,
    inputs: string[],
    attributes: Record<string, Attr> = {},
    outName?: string,
    domain?: { name: string; version: number },
  ): string {
    const output = outName ?? `t${this.counter++}`;
    if (domain) this.domains.set(domain.name, domain.version);
    this.nodes.push({
      opType,
      ...(domain ? { domain: domain.name } : {}),
      input: inputs,
      output: [output],
      name: `${opType}_${this.nodes.length}`,
      attribute: Object.entries(attributes).map(([key, value]) => attribute(key, value)),
    });
    return output;
  }

  encode(opset = 14): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: 8,
      producerName: 'nocturne-preview-model',
      producerVersion: '1',
      opsetImport: [
        { domain: '', version: opset },
        ...[...this.domains].map(([domain, version]) => ({ domain, version })),
      ],
      graph: {
        name: this.name,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs,
        output: this.outputs,
      },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

function valueInfo(
  name: string,
  elemType: ElemType,
  shape: Array<number | string>,
): IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })),
        },
      },
    },
  };
}

function attribute(name: string, value: Attr) {
  const types = onnx.AttributeProto.AttributeType;
  if (typeof value === 'string') return { name, type: types.STRING, s: Buffer.from(value) };
  if (Array.isArray(value)) return { name, type: types.INTS, ints: value };
  if (Number.isInteger(value)) return { name, type: types.INT, i: value };
  return { name, type: types.FLOAT, f: value };
}
