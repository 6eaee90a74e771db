/** What went wrong, in terms an operator (and the worker's retry policy) can act on. */
export type ImageGenErrorKind =
  | 'model_missing'
  | 'backend_unreachable'
  | 'timeout'
  | 'bad_response'
  | 'cancelled'
  | 'invalid_request'
  /** A valid request this backend or model cannot do (image-to-image, an upscale factor). */
  | 'unsupported'
  /** The backend answered, but what we are configured to ask for is wrong: retrying won't help. */
  | 'misconfigured';

export class ImageGenError extends Error {
  readonly kind: ImageGenErrorKind;

  constructor(kind: ImageGenErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.name = 'ImageGenError';
  }
}

export class ModelMissingError extends ImageGenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('model_missing', message, options);
    this.name = 'ModelMissingError';
  }
}

export class BackendUnreachableError extends ImageGenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('backend_unreachable', message, options);
    this.name = 'BackendUnreachableError';
  }
}

export class GenerationTimeoutError extends ImageGenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('timeout', message, options);
    this.name = 'GenerationTimeoutError';
  }
}

export class BadResponseError extends ImageGenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad_response', message, options);
    this.name = 'BadResponseError';
  }
}

export class CancelledError extends ImageGenError {
  constructor(message = 'Generation was cancelled.', options?: { cause?: unknown }) {
    super('cancelled', message, options);
    this.name = 'CancelledError';
  }
}

/** Refused credentials, a checkpoint or sampler the server does not have: the operator fixes it. */
export class BackendConfigError extends ImageGenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('misconfigured', message, options);
    this.name = 'BackendConfigError';
  }
}

export class InvalidRequestError extends ImageGenError {
  constructor(message: string) {
    super('invalid_request', message);
    this.name = 'InvalidRequestError';
  }
}

/** Asks for something the backend's capabilities do not cover: another model might do it. */
export class UnsupportedRequestError extends ImageGenError {
  constructor(message: string) {
    super('unsupported', message);
    this.name = 'UnsupportedRequestError';
  }
}

/** Why an inpainting mask cannot be used: not a readable PNG, or nothing in it is white. */
export type InpaintMaskProblem = 'undecodable' | 'empty';

/** An inpainting mask that cannot be used; the caller answers before anything is charged. */
export class InpaintMaskInvalidError extends InvalidRequestError {
  readonly reason: InpaintMaskProblem;

  constructor(reason: InpaintMaskProblem, message: string) {
    super(message);
    this.reason = reason;
    this.name = 'InpaintMaskInvalidError';
  }
}

export function isImageGenError(error: unknown): error is ImageGenError {
  return error instanceof ImageGenError;
}
