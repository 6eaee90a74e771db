import WebSocket from 'ws';
import { BackendUnreachableError, BadResponseError, CancelledError } from '../../errors';
import type { GenerationPreview } from '../../types';
import { abortError } from '../../util/abort';
import { decodePreview } from '../decode-preview';
import { previewImageBytes } from './comfyui-preview';

/**
 * How long after `execution_success` we wait for `executing` with `node: null` (sent once the
 * history is written) before going to the history anyway, for servers that never send it.
 */
export const SUCCESS_GRACE_MS = 1_000;

export interface ComfySocket {
  /**
   * Resolves when the prompt finished and its history is written (`executing` with `node: null`,
   * or `SUCCESS_GRACE_MS` after `execution_success`); rejects on its execution_error, and with a
   * cancellation on its `execution_interrupted` (cancelled in ComfyUI's own UI, or by anyone's
   * `/interrupt`). Preview frames arriving meanwhile go to `onPreview`, decoded, with the
   * sampler's latest step.
   */
  waitFor(
    promptId: string,
    onProgress: (fraction: number) => void,
    onPreview?: (preview: GenerationPreview) => void,
  ): Promise<void>;
  close(): void;
}

interface ComfyMessage {
  type?: string;
  data?: {
    prompt_id?: string;
    node?: string | null;
    value?: number;
    max?: number;
    exception_message?: string;
  };
}

/** Opens ComfyUI's /ws before the prompt is queued so no progress or completion is missed. */
export function openComfySocket(
  baseUrl: string,
  clientId: string,
  signal: AbortSignal,
): Promise<ComfySocket> {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
  const socket = new WebSocket(wsUrl);
  const messages: ComfyMessage[] = [];
  let listener: ((message: ComfyMessage) => void) | undefined;
  // Previews carry no prompt id: they go to the client that queued the prompt (its own clientId).
  let previewListener: ((frame: Buffer) => void) | undefined;
  let closedWith: Error | undefined;
  let onClosed: ((error: Error) => void) | undefined;

  socket.on('message', (raw, isBinary) => {
    if (isBinary) {
      const frame = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : null;
      previewListener?.(frame ?? Buffer.from(raw as ArrayBuffer));
      return;
    }
    let message: ComfyMessage;
    try {
      message = JSON.parse(raw.toString()) as ComfyMessage;
    } catch {
      return;
    }
    if (listener) listener(message);
    else messages.push(message);
  });

  return new Promise<ComfySocket>((resolve, reject) => {
    const onAbort = () => {
      socket.terminate();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(
        new BackendUnreachableError(`Cannot open ComfyUI websocket ${wsUrl} (${error.message}).`, {
          cause: error,
        }),
      );
    });
    socket.once('open', () => {
      signal.removeEventListener('abort', onAbort);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closedWith = new BackendUnreachableError(
          'ComfyUI closed the websocket before the image was ready.',
        );
        onClosed?.(closedWith);
      });
      resolve({
        close: () => socket.terminate(),
        waitFor: (promptId, onProgress, onPreview) =>
          new Promise<void>((done, fail) => {
            if (closedWith) return fail(closedWith);
            let grace: NodeJS.Timeout | undefined;
            // Several sampler nodes each count from 0; the fraction we report only grows.
            let reported = 0;
            let step = { value: 0, max: 1 };
            // One decode at a time; a frame arriving meanwhile is skipped (the next one is newer).
            // A finished prompt waits for the decode under way, so its last preview is not lost.
            let decoding: Promise<void> | undefined;
            let failed = false;
            if (onPreview) {
              previewListener = (frame) => {
                const encoded = previewImageBytes(frame);
                if (!encoded || decoding) return;
                const at = step;
                decoding = decodePreview(encoded)
                  .then((image) => {
                    if (!failed) onPreview({ step: at.value, steps: at.max, image });
                  })
                  .catch(() => undefined) // an undecodable preview is skipped
                  .finally(() => (decoding = undefined));
              };
            }
            const finish = (error?: Error) => {
              clearTimeout(grace);
              listener = undefined;
              previewListener = undefined;
              onClosed = undefined;
              signal.removeEventListener('abort', abort);
              failed = error !== undefined;
              if (error) fail(error);
              else void (decoding ?? Promise.resolve()).then(() => done());
            };
            const abort = () => finish(abortError(signal));
            signal.addEventListener('abort', abort, { once: true });
            onClosed = finish;
            listener = (message) => {
              const data = message.data ?? {};
              if (data.prompt_id !== undefined && data.prompt_id !== promptId) return;
              if (message.type === 'progress' && data.max) {
                step = { value: data.value ?? 0, max: data.max };
                const fraction = Math.min((data.value ?? 0) / data.max, 1);
                if (fraction > reported) onProgress((reported = fraction));
              } else if (message.type === 'execution_error') {
                finish(
                  new BadResponseError(
                    `ComfyUI failed: ${data.exception_message ?? 'execution_error'}`,
                  ),
                );
              } else if (message.type === 'execution_interrupted' && data.prompt_id === promptId) {
                finish(
                  new CancelledError(
                    'ComfyUI interrupted the prompt: it was cancelled on the ComfyUI server.',
                  ),
                );
              } else if (message.type === 'execution_success' && data.prompt_id === promptId) {
                // Sent before the history is written: fetching it now finds no output image.
                grace ??= setTimeout(() => finish(), SUCCESS_GRACE_MS);
              } else if (
                message.type === 'executing' &&
                data.node === null &&
                data.prompt_id === promptId
              ) {
                finish();
              }
            };
            for (const message of messages.splice(0)) listener?.(message);
          }),
      });
    });
  });
}
