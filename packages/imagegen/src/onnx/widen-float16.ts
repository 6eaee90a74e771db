import { open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import onnxProto from 'onnx-proto';
import { widenHalfBytes } from './float16';
import { ExternalDataReader } from './external-data-reader';
import { ExternalDataWriter } from './external-data-writer';
import type { FileWindow } from './protobuf-file-reader';
import { wireFields, type ReadObserver, type WireField } from './protobuf-file-reader';

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
/** Operators whose `dtype` attribute names the float type they produce. */
const DTYPE_OPS = new Set(['RandomNormal', 'RandomUniform', 'RandomNormalLike', 'EyeLike']);
/** Field numbers of the ONNX messages the widening streams through (onnx.proto). */
const MODEL_GRAPH = 7;
const GRAPH_INITIALIZER = 5;
const TENSOR_RAW_DATA = 9;
const LENGTH_DELIMITED = 2;
/** The most bytes read from a weights file at once, unless the caller says otherwise. */
export const WIDEN_CHUNK_BYTES = 8 * 1024 * 1024;

export interface WidenResult {
  /** Tensors (initialisers and constants) widened from fp16 to fp32. */
  widened: number;
  /** Files written, relative to `root`: the model and its external data file. */
  files: string[];
}

export interface WidenOptions {
  /** The most bytes read from the model or its data file at once (rounded down to even). */
  chunkBytes?: number;
  /** Told the size of every read of the model and its data files. */
  onRead?: ReadObserver;
}

/** Where a tensor's bytes are: in memory (small, or inside a node), or a span of a file. */
type Payload =
  | { kind: 'memory'; bytes: Uint8Array }
  | { kind: 'file'; window: FileWindow; offset: number; length: number };

function widenType(info: IValueInfoProto): void {
  const tensorType = info.type?.tensorType;
  if (tensorType?.elemType === FLOAT16) tensorType.elemType = FLOAT;
}

function toNumber(value: number | { toString(): string } | null | undefined): number {
  return typeof value === 'number' ? value : Number(value?.toString() ?? 0);
}

function payloadLength(payload: Payload): number {
  return payload.kind === 'memory' ? payload.bytes.length : payload.length;
}

/** The payload in pieces of at most one read, widened from fp16 to fp32 when asked. */
async function* piecesOf(payload: Payload, widen: boolean): AsyncGenerator<Uint8Array> {
  if (payload.kind === 'memory') {
    yield widen ? widenHalfBytes(payload.bytes) : payload.bytes;
    return;
  }
  for await (const piece of payload.window.pieces(payload.offset, payload.length)) {
    yield widen ? widenHalfBytes(piece) : piece;
  }
}

async function inMemory(payload: Payload, widen: boolean): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const piece of piecesOf(payload, widen)) parts.push(Buffer.from(piece));
  return Buffer.concat(parts);
}

/** One model's widening: the files it reads and writes, and what it has written so far. */
class ModelWidening {
  widened = 0;
  readonly oldLocations = new Set<string>();
  private readonly reader: ExternalDataReader;
  private dataFile: FileHandle | undefined;
  private data: ExternalDataWriter | undefined;

  constructor(
    dir: string,
    readonly dataName: string,
    chunkBytes: number,
    onRead: ReadObserver | undefined,
  ) {
    this.reader = new ExternalDataReader(dir, chunkBytes, onRead);
  }

  windowOf(file: string): Promise<FileWindow> {
    return this.reader.windowOf(file);
  }

  /** Initialisers are written to the data file piece by piece: a UNet's weights are never in memory. */
  async openData(path: string): Promise<void> {
    this.dataFile = await open(path, 'w');
    this.data = new ExternalDataWriter(this.dataFile, this.dataName);
  }

  async close(): Promise<void> {
    await this.dataFile?.close();
    await this.reader.close();
  }

  /** Where the tensor's bytes are; `inFile` is its raw data's span in the model file, if any. */
  async payloadOf(
    tensor: ITensorProto,
    inFile?: Omit<Extract<Payload, { kind: 'file' }>, 'kind'>,
  ): Promise<Payload | undefined> {
    if (tensor.dataLocation === EXTERNAL) {
      const { location, ...span } = await this.reader.spanOf(tensor);
      this.oldLocations.add(location);
      return { kind: 'file', ...span };
    }
    if (inFile) return { kind: 'file', ...inFile };
    if (tensor.rawData && tensor.rawData.length > 0)
      return { kind: 'memory', bytes: tensor.rawData };
    if (tensor.dataType === FLOAT16 && tensor.int32Data?.length) {
      // fp16 kept as one value per int32: the low 16 bits are the half.
      const halves = Uint16Array.from(tensor.int32Data);
      return { kind: 'memory', bytes: new Uint8Array(halves.buffer) };
    }
    return undefined;
  }

  /** Marks an fp16 tensor fp32; true when its bytes must be widened. */
  retype(tensor: ITensorProto): boolean {
    if (tensor.dataType !== FLOAT16) return false;
    tensor.dataType = FLOAT;
    tensor.int32Data = [];
    this.widened++;
    return true;
  }

  async placeInitializer(tensor: ITensorProto, payload: Payload | undefined) {
    const widen = this.retype(tensor);
    if (!payload) return keepInline(tensor, undefined);
    if (payloadLength(payload) * (widen ? 2 : 1) < EXTERNAL_MIN_BYTES) {
      return keepInline(tensor, await inMemory(payload, widen));
    }
    await this.data?.place(tensor, piecesOf(payload, widen));
  }

  async widenNode(node: INodeProto): Promise<void> {
    for (const attribute of node.attribute ?? []) {
      for (const t of [attribute.t, ...(attribute.tensors ?? [])]) {
        if (!t) continue;
        const payload = await this.payloadOf(t);
        const widen = this.retype(t);
        keepInline(t, payload && (await inMemory(payload, widen)));
      }
      if (attribute.g) await this.widenGraph(attribute.g);
      for (const g of attribute.graphs ?? []) await this.widenGraph(g);
      const retypes =
        (node.opType === 'Cast' && attribute.name === 'to') ||
        (DTYPE_OPS.has(node.opType ?? '') && attribute.name === 'dtype');
      if (retypes && toNumber(attribute.i) === FLOAT16) attribute.i = FLOAT;
    }
  }

  /** Everything of a graph but its initialisers (already placed). */
  async widenGraphBody(graph: IGraphProto): Promise<void> {
    for (const node of graph.node ?? []) await this.widenNode(node);
    const infos = [...(graph.input ?? []), ...(graph.output ?? []), ...(graph.valueInfo ?? [])];
    for (const info of infos) widenType(info);
  }

  /** A subgraph (If, Loop), decoded with its node. */
  async widenGraph(graph: IGraphProto): Promise<void> {
    for (const tensor of graph.initializer ?? []) {
      await this.placeInitializer(tensor, await this.payloadOf(tensor));
    }
    await this.widenGraphBody(graph);
  }

  /** An initialiser of the main graph: its fields but the raw data decoded, that data streamed. */
  async streamInitializer(window: FileWindow, message: WireField) {
    const header: Buffer[] = [];
    let raw: { offset: number; length: number } | undefined;
    for await (const field of wireFields(window, message.valueStart, message.end)) {
      if (field.number === TENSOR_RAW_DATA && field.wireType === LENGTH_DELIMITED) {
        raw = { offset: field.valueStart, length: field.end - field.valueStart };
      } else header.push(await window.copy(field.start, field.end - field.start));
    }
    const tensor = onnx.TensorProto.decode(Buffer.concat(header));
    const inFile = raw && raw.length > 0 ? { window, ...raw } : undefined;
    await this.placeInitializer(tensor, await this.payloadOf(tensor, inFile));
    return tensor;
  }

  /** The main graph: initialisers streamed one by one, everything else decoded. */
  async streamGraph(window: FileWindow, message: WireField): Promise<IGraphProto> {
    const rest: Buffer[] = [];
    const initializers: ITensorProto[] = [];
    for await (const field of wireFields(window, message.valueStart, message.end)) {
      if (field.number === GRAPH_INITIALIZER && field.wireType === LENGTH_DELIMITED) {
        initializers.push(await this.streamInitializer(window, field));
      } else rest.push(await window.copy(field.start, field.end - field.start));
    }
    const graph = onnx.GraphProto.decode(Buffer.concat(rest));
    await this.widenGraphBody(graph);
    graph.initializer = initializers;
    return graph;
  }

  /** The model with its graph widened and its weights written to the data file. */
  async streamModel(modelPath: string): Promise<onnxProto.onnx.ModelProto> {
    const window = await this.windowOf(modelPath);
    const rest: Buffer[] = [];
    let graph: IGraphProto | undefined;
    for await (const field of wireFields(window, 0, window.size)) {
      if (field.number === MODEL_GRAPH && field.wireType === LENGTH_DELIMITED) {
        graph = await this.streamGraph(window, field);
      } else rest.push(await window.copy(field.start, field.end - field.start));
    }
    if (!graph) throw new Error(`${modelPath} holds no graph`);
    const model = onnx.ModelProto.decode(Buffer.concat(rest));
    model.graph = graph;
    return model;
  }
}

function keepInline(tensor: ITensorProto, bytes: Uint8Array | undefined): void {
  if (bytes) tensor.rawData = bytes;
  tensor.dataLocation = 0;
  tensor.externalData = [];
}

/**
 * Rewrites an ONNX model so it computes in float32 where it computed in float16: fp16
 * initialisers and constants widened, Casts to fp16 turned into Casts to fp32, graph inputs,
 * outputs and value infos retyped. Weights go to `<model>_data` next to the model (an fp32 UNet
 * is past protobuf's 2 GB). The files are replaced only once both are written.
 *
 * The model is streamed, never read whole (an fp16 UNet is close to Node's largest buffer): its
 * fields are walked in the file, each weight is copied or widened in pieces of at most
 * `chunkBytes`, and only the graph without its weights (nodes, names, shapes) is held and
 * decoded. A node is held whole, so a weight stored in a Constant node is read at once.
 */
export async function widenFloat16Model(
  root: string,
  path: string,
  options: WidenOptions = {},
): Promise<WidenResult> {
  const chunkBytes = Math.max(2, Math.floor((options.chunkBytes ?? WIDEN_CHUNK_BYTES) / 2) * 2);
  const modelPath = join(root, path);
  const dir = dirname(modelPath);
  const widening = new ModelWidening(
    dir,
    `${basename(modelPath)}_data`,
    chunkBytes,
    options.onRead,
  );
  const tempData = join(dir, `${widening.dataName}.widening`);
  let model: onnxProto.onnx.ModelProto;
  try {
    await widening.openData(tempData);
    model = await widening.streamModel(modelPath);
  } finally {
    await widening.close();
  }
  const tempModel = `${modelPath}.widening`;
  await writeFile(tempModel, onnx.ModelProto.encode(model).finish());
  await rename(tempData, join(dir, widening.dataName));
  await rename(tempModel, modelPath);
  for (const location of widening.oldLocations) {
    if (location !== widening.dataName) await rm(join(dir, location), { force: true });
  }
  return { widened: widening.widened, files: [path, join(dirname(path), widening.dataName)] };
}
