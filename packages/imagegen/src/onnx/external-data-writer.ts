import type { FileHandle } from 'node:fs/promises';
import type onnxProto from 'onnx-proto';

type ITensorProto = onnxProto.onnx.ITensorProto;

const EXTERNAL = 1;
/** Offsets in the data file are page-aligned so ONNX Runtime can map them directly. */
const ALIGN = 4096;

/**
 * Writes tensors' bytes one after another into a model's external data file, page-aligned, and
 * points each tensor at its span: what widening and quantising write their weights through.
 */
export class ExternalDataWriter {
  private offset = 0;

  constructor(
    private readonly file: FileHandle,
    /** The data file's name, as the model refers to it (beside the model). */
    readonly name: string,
  ) {}

  async place(tensor: ITensorProto, pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    this.offset = Math.ceil(this.offset / ALIGN) * ALIGN;
    const start = this.offset;
    for await (const piece of pieces) {
      await this.file.write(piece, 0, piece.length, this.offset);
      this.offset += piece.length;
    }
    tensor.rawData = new Uint8Array(0);
    tensor.dataLocation = EXTERNAL;
    tensor.externalData = [
      { key: 'location', value: this.name },
      { key: 'offset', value: String(start) },
      { key: 'length', value: String(this.offset - start) },
    ];
  }
}
