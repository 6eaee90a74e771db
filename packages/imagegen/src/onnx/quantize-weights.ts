import { open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import onnxProto from 'onnx-proto';
import { ExternalDataReader } from './external-data-reader';
import { ExternalDataWriter } from './external-data-writer';
import { WIDEN_CHUNK_BYTES } from './widen-float16';

const { onnx } = onnxProto;
type IModelProto = onnxProto.onnx.IModelProto;
type ITensorProto = onnxProto.onnx.ITensorProto;

const FLOAT = 1;
const INT8 = 3;
const EXTERNAL = 1;
const MICROSOFT = 'com.microsoft';

export interface QuantizeResult {
  /** Weight MatMuls now DynamicQuantizeMatMul with int8 weights. */
  quantized: number;
  /** Files written, relative to `root`: the model and its external data file. */
  files: string[];
}

/**
 * Symmetric int8 with one scale per output column (`[K, N]` row-major): each column's largest
 * magnitude maps to 127, zero stays exactly zero.
 */
export function quantizeColumns(
  weights: Float32Array,
  rows: number,
  columns: number,
): { values: Int8Array; scales: Float32Array } {
  const scales = new Float32Array(columns);
  for (let i = 0; i < weights.length; i++) {
    const column = i % columns;
    scales[column] = Math.max(scales[column] as number, Math.abs(weights[i] as number));
  }
  for (let c = 0; c < columns; c++) scales[c] = (scales[c] as number) / 127 || 1;
  const values = new Int8Array(rows * columns);
  for (let i = 0; i < weights.length; i++) {
    const q = Math.round((weights[i] as number) / (scales[i % columns] as number));
    values[i] = Math.max(-127, Math.min(127, q));
  }
  return { values, scales };
}

/** The 2-D float32 initialisers read only as a MatMul's weight (input 1), by name. */
function weightMatMuls(model: IModelProto): Map<string, ITensorProto> {
  const graph = model.graph ?? {};
  const uses = new Map<string, number>();
  for (const node of graph.node ?? [])
    for (const input of node.input ?? []) uses.set(input, (uses.get(input) ?? 0) + 1);
  const matMulWeights = new Set(
    (graph.node ?? [])
      .filter((n) => n.opType === 'MatMul' && (n.domain ?? '') === '')
      .map((n) => n.input?.[1]),
  );
  const weights = new Map<string, ITensorProto>();
  for (const tensor of graph.initializer ?? []) {
    const name = tensor.name ?? '';
    if (tensor.dataType !== FLOAT || tensor.dims?.length !== 2 || uses.get(name) !== 1) continue;
    if (matMulWeights.has(name)) weights.set(name, tensor);
  }
  return weights;
}

/**
 * Rewrites a float32 model's weight MatMuls as com.microsoft DynamicQuantizeMatMul (ONNX
 * Runtime's dynamic quantisation): the weight stored int8 with one scale per output column, the
 * activations quantised per call. Convolutions and attention stay float32. The model must keep
 * its large weights in external data (what widening writes): the model file is read whole, each
 * weight one at a time, every other weight copied in pieces. Both files are replaced at the end.
 */
export async function quantizeMatMulWeights(root: string, path: string): Promise<QuantizeResult> {
  const modelPath = join(root, path);
  const dir = dirname(modelPath);
  const dataName = `${basename(modelPath)}_data`;
  const model = onnx.ModelProto.decode(await readFile(modelPath));
  const graph = model.graph ?? {};
  const weights = weightMatMuls(model);
  const reader = new ExternalDataReader(dir, WIDEN_CHUNK_BYTES);
  const oldLocations = new Set<string>();
  const tempData = join(dir, `${dataName}.quantizing`);
  let data: FileHandle | undefined;
  try {
    data = await open(tempData, 'w');
    const writer = new ExternalDataWriter(data, dataName);
    const added: ITensorProto[] = [];
    for (const tensor of graph.initializer ?? []) {
      const external = tensor.dataLocation === EXTERNAL ? await reader.spanOf(tensor) : undefined;
      if (external) oldLocations.add(external.location);
      const weight = weights.get(tensor.name ?? '');
      if (weight) {
        const bytes = external
          ? await external.window.copy(external.offset, external.length)
          : (tensor.rawData ?? new Uint8Array(0));
        added.push(...(await quantizeTensor(weight, bytes, writer)));
      } else if (external) {
        await writer.place(tensor, external.window.pieces(external.offset, external.length));
      }
    }
    graph.initializer = [
      ...(graph.initializer ?? []).filter((t) => !weights.has(t.name ?? '')),
      ...added,
    ];
    for (const node of graph.node ?? []) {
      const weight = node.input?.[1];
      if (node.opType !== 'MatMul' || !weight || !weights.has(weight)) continue;
      node.opType = 'DynamicQuantizeMatMul';
      node.domain = MICROSOFT;
      node.input = [node.input?.[0] ?? '', `${weight}_int8`, `${weight}_scale`, `${weight}_zero`];
    }
    if (!(model.opsetImport ?? []).some((o) => o.domain === MICROSOFT)) {
      model.opsetImport = [...(model.opsetImport ?? []), { domain: MICROSOFT, version: 1 }];
    }
  } finally {
    await data?.close();
    await reader.close();
  }
  const tempModel = `${modelPath}.quantizing`;
  await writeFile(tempModel, onnx.ModelProto.encode(model).finish());
  await rename(tempData, join(dir, dataName));
  await rename(tempModel, modelPath);
  for (const location of oldLocations) {
    if (location !== dataName) await rm(join(dir, location), { force: true });
  }
  return { quantized: weights.size, files: [path, join(dirname(path), dataName)] };
}

/** The int8 weight, its per-column scales and zero points, as new initialisers. */
async function quantizeTensor(
  weight: ITensorProto,
  bytes: Uint8Array,
  writer: ExternalDataWriter,
): Promise<ITensorProto[]> {
  const [rows, columns] = (weight.dims ?? []).map(Number) as [number, number];
  const aligned = Uint8Array.from(bytes);
  const floats = weight.floatData?.length
    ? Float32Array.from(weight.floatData)
    : new Float32Array(aligned.buffer, 0, rows * columns);
  const { values, scales } = quantizeColumns(floats, rows, columns);
  const name = weight.name ?? '';
  const int8: ITensorProto = { name: `${name}_int8`, dataType: INT8, dims: [rows, columns] };
  await writer.place(int8, [new Uint8Array(values.buffer)]);
  return [
    int8,
    {
      name: `${name}_scale`,
      dataType: FLOAT,
      dims: [columns],
      rawData: new Uint8Array(scales.buffer),
    },
    { name: `${name}_zero`, dataType: INT8, dims: [columns], rawData: new Uint8Array(columns) },
  ];
}
