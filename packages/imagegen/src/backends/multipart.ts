import { randomUUID } from 'node:crypto';

export interface MultipartFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * A multipart/form-data body (RFC 7578) of text fields and files, for the routes that take an
 * upload: ComfyUI's `/upload/image` and the images API's `/v1/images/edits`. Built in memory:
 * the only files sent are a source image and at most its mask.
 */
export function encodeMultipart(fields: Record<string, string | MultipartFile>): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----nocturne-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const quoted = name.replace(/"/g, '%22');
    if (typeof value === 'string') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${quoted}"\r\n\r\n${value}\r\n`,
        ),
      );
      continue;
    }
    const filename = value.filename.replace(/"/g, '%22');
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${quoted}"; filename="${filename}"\r\ncontent-type: ${value.contentType}\r\n\r\n`,
      ),
      value.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
