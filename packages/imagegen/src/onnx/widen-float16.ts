import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import onnxProto from 'onnx-proto';
import { float16ToFloat32 } from './float16';

const { onnx } = onnxProto;
type IGraphProto = onnxProto.onnx.IGraphProto;
type ITensorProto = onnxProto.onnx.ITensorProto;
type IValueInfoProto = onnxProto.onnx.IValueInfoProto;
type INodeProto = onnxProto.onnx.INodeProto;

const FLOAT = 1;
const FLOAT16 = 10;
const EXTERNAL = 1;
/** Initialisers at least this big go to the external data file (ONNX files stop at 2 GB). */
const EXTERNAL_MIN_BYTES = 1024;
/** Offsets in the data file are page-aligned so ONNX Runtime can map them directly. */
const ALIGN = 4096;
/** Operators whose `dtype` attribute names the float type they produce. */
const DTYPE_OPS = new Set(['RandomNormal', 'RandomUniform', 'RandomNormalLike', 'EyeLike']);

export interface WidenResult {
  /** Tensors (initialisers and constants) widened from fp16 to fp32. */
  widened: number;
  /** Files written, relative to `root`: the model and its external data file. */
  files: string[];
}

function toNumber(value: number | { toString(): string } | null | undefined): number {
  return typeof value === 'number' ? value : Number(value?.toString() ?? 0);
}

async function readExternal(dir: string, tensor: ITensorProto): Promise<Uint8Array> {
  const entry = (key: string) => tensor.externalData?.find((e) => e.key === key)?.value;
  const location = entry('location');
  if (!location) throw new Error(`Tensor ${tensor.name} has external data without a location`);
  const file = await open(join(dir, location), 'r');
  try {
    const offset = Number(entry('offset') ?? 0);
    const length = Number(entry('length') ?? (await file.stat()).size - offset);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, offset);
    return buffer;
  } finally {
    await file.close();
  }
}

/** The tensor's fp16 values as raw half bits, wherever the file keeps them. */
async function halfBits(dir: string, tensor: ITensorProto): Promise<Uint16Array> {
  if (tensor.dataLocation === EXTERNAL) {
    const bytes = await readExternal(dir, tensor);
    return new Uint16Array(Uint8Array.from(bytes).buffer);
  }
  if (tensor.rawData && tensor.rawData.length > 0) {
    // Copied: the decoded bytes may sit at an odd offset of the file's buffer.
    return new Uint16Array(Uint8Array.from(tensor.rawData).buffer);
  }
  return Uint16Array.from(tensor.int32Data ?? []);
}

function widenType(info: IValueInfoProto): void {
  const tensorType = info.type?.tensorType;
  if (tensorType?.elemType === FLOAT16) tensorType.elemType = FLOAT;
}

/**
 * Rewrites an ONNX model so it computes in float32 where it computed in float16: fp16
 * initialisers and constants widened, Casts to fp16 turned into Casts to fp32, graph inputs,
 * outputs and value infos retyped. Weights go to `<model>_data` next to the model (an fp32 UNet
 * is past protobuf's 2 GB). The files are replaced only once both are written.
 */
export async function widenFloat16Model(root: string, path: string): Promise<WidenResult> {
  const modelPath = join(root, path);
  const dir = dirname(modelPath);
  const model = onnx.ModelProto.decode(await readFile(modelPath));
  if (!model.graph) throw new Error(`${modelPath} holds no graph`);
  const dataName = `${basename(modelPath)}_data`;
  const oldLocations = new Set<string>();
  let widened = 0;

  /** fp16 → fp32 bytes, or undefined when the tensor is not fp16 (left as it is). */
  async function widenedBytes(tensor: ITensorProto): Promise<Uint8Array | undefined> {
    if (tensor.dataType !== FLOAT16) return undefined;
    const values = float16ToFloat32(await halfBits(dir, tensor));
    tensor.dataType = FLOAT;
    tensor.int32Data = [];
    widened++;
    return new Uint8Array(values.buffer);
  }

  function keepInline(tensor: ITensorProto, bytes: Uint8Array | undefined): void {
    if (bytes) tensor.rawData = bytes;
    tensor.dataLocation = 0;
    tensor.externalData = [];
  }

  // Initialisers are written to the data file one at a time: a UNet's weights are never all
  // in memory twice.
  const tempData = join(dir, `${dataName}.widening`);
  const data = await open(tempData, 'w');
  let offset = 0;

  async function moveInitializer(tensor: ITensorProto): Promise<void> {
    const external = tensor.dataLocation === EXTERNAL;
    if (external) {
      const location = tensor.externalData?.find((e) => e.key === 'location')?.value;
      if (location) oldLocations.add(location);
    }
    const bytes =
      (await widenedBytes(tensor)) ??
      (external ? await readExternal(dir, tensor) : tensor.rawData || undefined);
    if (!bytes || bytes.length < EXTERNAL_MIN_BYTES) {
      keepInline(tensor, bytes);
      return;
    }
    offset = Math.ceil(offset / ALIGN) * ALIGN;
    await data.write(bytes, 0, bytes.length, offset);
    tensor.externalData = [
      { key: 'location', value: dataName },
      { key: 'offset', value: String(offset) },
      { key: 'length', value: String(bytes.length) },
    ];
    tensor.dataLocation = EXTERNAL;
    tensor.rawData = new Uint8Array(0);
    offset += bytes.length;
  }

  async function widenNode(node: INodeProto): Promise<void> {
    for (const attribute of node.attribute ?? []) {
      for (const t of [attribute.t, ...(attribute.tensors ?? [])]) {
        if (t) keepInline(t, (await widenedBytes(t)) ?? (t.rawData || undefined));
      }
      if (attribute.g) await widenGraph(attribute.g);
      for (const g of attribute.graphs ?? []) await widenGraph(g);
      const retypes =
        (node.opType === 'Cast' && attribute.name === 'to') ||
        (DTYPE_OPS.has(node.opType ?? '') && attribute.name === 'dtype');
      if (retypes && toNumber(attribute.i) === FLOAT16) attribute.i = FLOAT;
    }
  }

  async function widenGraph(graph: IGraphProto): Promise<void> {
    for (const tensor of graph.initializer ?? []) await moveInitializer(tensor);
    for (const node of graph.node ?? []) await widenNode(node);
    const infos = [...(graph.input ?? []), ...(graph.output ?? []), ...(graph.valueInfo ?? [])];
    for (const info of infos) widenType(info);
  }

  try {
    await widenGraph(model.graph);
  } finally {
    await data.close();
  }
  const tempModel = `${modelPath}.widening`;
  await writeFile(tempModel, onnx.ModelProto.encode(model).finish());
  await rename(tempData, join(dir, dataName));
  await rename(tempModel, modelPath);
  for (const location of oldLocations) {
    if (location !== dataName) await rm(join(dir, location), { force: true });
  }
  return { widened, files: [path, join(dirname(path), dataName)] };
}
