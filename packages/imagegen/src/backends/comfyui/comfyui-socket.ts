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

/** What the socket heard that no one waits for yet, and who waits for what. */
interface SocketState {
  /** Messages that arrived before anyone waited for a prompt. */
  messages: ComfyMessage[];
  listener?: (message: ComfyMessage) => void;
  /** Previews carry no prompt id: they go to the client that queued the prompt (its clientId). */
  previewListener?: (frame: Buffer) => void;
  closedWith?: Error;
  onClosed?: (error: Error) => void;
}

/** One prompt being waited for: the sampler's step, what was reported, the preview decode. */
interface PromptWait {
  promptId: string;
  /** Several sampler nodes each count from 0; the fraction reported only grows. */
  reported: number;
  step: { value: number; max: number };
  /** One decode at a time; a finished prompt waits for it, so its last preview is not lost. */
  decoding?: Promise<void>;
  failed: boolean;
  grace?: NodeJS.Timeout;
}

/** Opens ComfyUI's /ws before the prompt is queued so no progress or completion is missed. */
export function openComfySocket(
  baseUrl: string,
  clientId: string,
  signal: AbortSignal,
): Promise<ComfySocket> {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
  const socket = new WebSocket(wsUrl);
  const state: SocketState = { messages: [] };
  socket.on('message', (raw, isBinary) => deliver(state, raw, isBinary));
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
        state.closedWith = new BackendUnreachableError(
          'ComfyUI closed the websocket before the image was ready.',
        );
        state.onClosed?.(state.closedWith);
      });
      resolve({
        close: () => socket.terminate(),
        waitFor: (promptId, onProgress, onPreview) =>
          waitForPrompt(state, signal, { promptId, onProgress, onPreview }),
      });
    });
  });
}

/** A binary frame is a preview; a text frame a JSON message, kept until someone waits. */
function deliver(state: SocketState, raw: WebSocket.RawData, isBinary: boolean) {
  if (isBinary) {
    const frame = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : null;
    state.previewListener?.(frame ?? Buffer.from(raw as ArrayBuffer));
    return;
  }
  let message: ComfyMessage;
  try {
    message = JSON.parse(raw.toString()) as ComfyMessage;
  } catch {
    return;
  }
  if (state.listener) state.listener(message);
  else state.messages.push(message);
}

function waitForPrompt(
  state: SocketState,
  signal: AbortSignal,
  options: {
    promptId: string;
    onProgress: (fraction: number) => void;
    onPreview?: (preview: GenerationPreview) => void;
  },
): Promise<void> {
  const { promptId, onProgress, onPreview } = options;
  return new Promise<void>((done, fail) => {
    if (state.closedWith) return fail(state.closedWith);
    const wait: PromptWait = { promptId, reported: 0, step: { value: 0, max: 1 }, failed: false };
    if (onPreview) state.previewListener = (frame) => relayPreview(wait, frame, onPreview);
    const finish = (error?: Error) => {
      clearTimeout(wait.grace);
      state.listener = undefined;
      state.previewListener = undefined;
      state.onClosed = undefined;
      signal.removeEventListener('abort', abort);
      wait.failed = error !== undefined;
      if (error) fail(error);
      else void (wait.decoding ?? Promise.resolve()).then(() => done());
    };
    const abort = () => finish(abortError(signal));
    signal.addEventListener('abort', abort, { once: true });
    state.onClosed = finish;
    state.listener = (message) => followPrompt(wait, message, onProgress, finish);
    for (const message of state.messages.splice(0)) state.listener?.(message);
  });
}

/** Decodes a preview frame unless one is being decoded (the next frame is newer anyway). */
function relayPreview(
  wait: PromptWait,
  frame: Buffer,
  onPreview: (preview: GenerationPreview) => void,
) {
  const encoded = previewImageBytes(frame);
  if (!encoded || wait.decoding) return;
  const at = wait.step;
  wait.decoding = decodePreview(encoded)
    .then((image) => {
      if (!wait.failed) onPreview({ step: at.value, steps: at.max, image });
    })
    .catch(() => undefined) // an undecodable preview is skipped
    .finally(() => (wait.decoding = undefined));
}

/** One message about the prompt: progress, its failure, its interruption, or its end. */
function followPrompt(
  wait: PromptWait,
  message: ComfyMessage,
  onProgress: (fraction: number) => void,
  finish: (error?: Error) => void,
) {
  const data = message.data ?? {};
  const ours = data.prompt_id === wait.promptId;
  if (data.prompt_id !== undefined && !ours) return;
  if (message.type === 'progress' && data.max) {
    wait.step = { value: data.value ?? 0, max: data.max };
    const fraction = Math.min((data.value ?? 0) / data.max, 1);
    if (fraction > wait.reported) onProgress((wait.reported = fraction));
  } else if (message.type === 'execution_error') {
    finish(new BadResponseError(`ComfyUI failed: ${data.exception_message ?? 'execution_error'}`));
  } else if (message.type === 'execution_interrupted' && ours) {
    finish(
      new CancelledError('ComfyUI interrupted the prompt: it was cancelled on the ComfyUI server.'),
    );
  } else if (message.type === 'execution_success' && ours) {
    // Sent before the history is written: fetching it now finds no output image.
    wait.grace ??= setTimeout(() => finish(), SUCCESS_GRACE_MS);
  } else if (message.type === 'executing' && data.node === null && ours) {
    finish();
  }
}
