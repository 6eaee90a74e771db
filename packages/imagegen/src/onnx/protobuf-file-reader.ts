import type { FileHandle } from 'node:fs/promises';

/** Protobuf wire types (varint, 64-bit, length-delimited, 32-bit). */
const VARINT = 0;
const FIXED64 = 1;
const LENGTH_DELIMITED = 2;
const FIXED32 = 5;

/** What every read of a weights file goes through: how much it asked the disk for. */
export type ReadObserver = (bytes: number) => void;

/**
 * A file read through one buffer of at most `chunkBytes`: the bytes at a position come from the
 * buffer when it holds them, else one read of the buffer's size refills it. Nothing larger than
 * the buffer is ever read at once, whatever the file's size.
 */
export class FileWindow {
  private buffer: Buffer;
  private start = 0;
  private length = 0;

  private constructor(
    private readonly file: FileHandle,
    readonly size: number,
    readonly chunkBytes: number,
    private readonly onRead?: ReadObserver,
  ) {
    this.buffer = Buffer.alloc(chunkBytes);
  }

  static async open(file: FileHandle, chunkBytes: number, onRead?: ReadObserver) {
    return new FileWindow(file, (await file.stat()).size, chunkBytes, onRead);
  }

  /** `length` bytes at `position` (at most `chunkBytes`), valid until the next call. */
  async view(position: number, length: number): Promise<Uint8Array> {
    if (length > this.chunkBytes) {
      throw new Error(`a read of ${length} bytes is past the ${this.chunkBytes}-byte buffer`);
    }
    if (position + length > this.size) {
      throw new Error(`the file ends at byte ${this.size}, before ${position + length}`);
    }
    if (position < this.start || position + length > this.start + this.length) {
      const wanted = Math.min(this.chunkBytes, this.size - position);
      const { bytesRead } = await this.file.read(this.buffer, 0, wanted, position);
      this.onRead?.(wanted);
      this.start = position;
      this.length = bytesRead;
      if (bytesRead < length) throw new Error(`the file was cut short at byte ${position}`);
    }
    return this.buffer.subarray(position - this.start, position - this.start + length);
  }

  /** The bytes of `[position, position + length)` in pieces of at most `pieceBytes`, in order. */
  async *pieces(position: number, length: number, pieceBytes = this.chunkBytes) {
    const size = Math.min(pieceBytes, this.chunkBytes);
    for (let done = 0; done < length; done += size) {
      yield await this.view(position + done, Math.min(size, length - done));
    }
  }

  /** A copy of `[position, position + length)`: for the small messages kept in memory. */
  async copy(position: number, length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const piece of this.pieces(position, length)) parts.push(Buffer.from(piece));
    return Buffer.concat(parts, length);
  }

  /** A varint at `position`, and where the next byte is. */
  async varint(position: number): Promise<{ value: number; next: number }> {
    const bytes = await this.view(position, Math.min(10, this.size - position));
    let value = 0;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number;
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) return { value, next: position + i + 1 };
    }
    throw new Error(`no varint ends at byte ${position}`);
  }
}

/** One field of a protobuf message in the file: its number, and where it and its value lie. */
export interface WireField {
  number: number;
  wireType: number;
  /** The field's first byte (its tag). */
  start: number;
  /** The first byte of its value (after the length, for a length-delimited field). */
  valueStart: number;
  end: number;
}

/**
 * The fields of the message that lies in `[start, end)` of the file, in file order, without
 * reading any value: a weight of gigabytes is a position and a length here.
 */
export async function* wireFields(
  window: FileWindow,
  start: number,
  end: number,
): AsyncGenerator<WireField> {
  let position = start;
  while (position < end) {
    const tag = await window.varint(position);
    const number = Math.floor(tag.value / 8);
    const wireType = tag.value % 8;
    let valueStart = tag.next;
    let fieldEnd: number;
    if (wireType === VARINT) fieldEnd = (await window.varint(valueStart)).next;
    else if (wireType === FIXED64) fieldEnd = valueStart + 8;
    else if (wireType === FIXED32) fieldEnd = valueStart + 4;
    else if (wireType === LENGTH_DELIMITED) {
      const length = await window.varint(valueStart);
      valueStart = length.next;
      fieldEnd = valueStart + length.value;
    } else {
      throw new Error(`unsupported protobuf wire type ${wireType} at byte ${position}`);
    }
    if (fieldEnd > end)
      throw new Error(`field ${number} at byte ${position} runs past its message`);
    yield { number, wireType, start: position, valueStart, end: fieldEnd };
    position = fieldEnd;
  }
}
