import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type onnxProto from 'onnx-proto';
import { FileWindow, type ReadObserver } from './protobuf-file-reader';

type ITensorProto = onnxProto.onnx.ITensorProto;

/** Where an external tensor's bytes are: a span of one of the model's data files. */
export interface ExternalSpan {
  window: FileWindow;
  offset: number;
  length: number;
  /** The data file, as the tensor names it (relative to the model's folder). */
  location: string;
}

/**
 * Reads the weights a model keeps in external data files (ONNX's `location`, `offset`,
 * `length`): each file opened once and read through one window of `chunkBytes`, so widening and
 * quantising never hold a whole weights file in memory. `close` closes every file it opened.
 */
export class ExternalDataReader {
  private readonly windows = new Map<string, FileWindow>();
  private readonly handles: FileHandle[] = [];

  constructor(
    private readonly dir: string,
    private readonly chunkBytes: number,
    private readonly onRead?: ReadObserver,
  ) {}

  /** A window on `file` read through this reader's buffer, closed with it. */
  async windowOf(file: string): Promise<FileWindow> {
    const handle = await open(file, 'r');
    this.handles.push(handle);
    return FileWindow.open(handle, this.chunkBytes, this.onRead);
  }

  async spanOf(tensor: ITensorProto): Promise<ExternalSpan> {
    const entry = (key: string) => tensor.externalData?.find((e) => e.key === key)?.value;
    const location = entry('location');
    if (!location) throw new Error(`Tensor ${tensor.name} has external data without a location`);
    let window = this.windows.get(location);
    if (!window) {
      window = await this.windowOf(join(this.dir, location));
      this.windows.set(location, window);
    }
    const offset = Number(entry('offset') ?? 0);
    const length = Number(entry('length') ?? window.size - offset);
    return { window, offset, length, location };
  }

  async close(): Promise<void> {
    for (const handle of this.handles) await handle.close();
  }
}
