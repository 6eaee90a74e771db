import { API_KEYS_PER_PERSON_MAX } from '../api-keys/api-key';
import { CHARACTERS_PER_PERSON_MAX } from '../characters/character';
import { PRESETS_PER_PERSON_MAX } from '../presets/preset';
import { WILDCARDS_PER_PERSON_MAX } from '../wildcards/wildcard';
import { WEBHOOKS_PER_PERSON_MAX } from '../webhooks/webhook';

/**
 * Error codes Nocturne adds beyond the spec §8 catalogue. The catalogue stays the spec's table;
 * the server's AppError and error handler accept these codes too (same `{ error, message }` body).
 */
export const PRODUCT_ERRORS = {
  /**
   * A prompt refused by the content policy (docs/architecture.md#content-rules), before any charge.
   * The server answers with contentPolicyMessage: this sentence, the rule and the matched words.
   */
  CONTENT_POLICY_VIOLATION: {
    status: 422,
    message: 'This prompt is not allowed by our content rules.',
  },
  /**
   * A prompt written mostly in a script that no language of the content rules uses (Georgian,
   * Armenian, Khmer…): the rules cannot read it, so it is declined before any charge. Not a
   * refusal: nothing is recorded and it never counts towards a suspension
   * (docs/decisions/074-unsupported-scripts-fail-closed.md).
   */
  PROMPT_LANGUAGE_UNSUPPORTED: {
    status: 422,
    message:
      'Prompts in this language are not supported yet. Please write your prompt in another language.',
  },
  /** An account without a recorded 18+ confirmation: no generation and no image links. */
  AGE_CONFIRMATION_REQUIRED: {
    status: 403,
    message:
      'Nocturne is for adults only. This account has no confirmation that you are 18 or older, so it cannot generate or view images.',
  },
  /** More than PROMPT_SUSPENSION_AFTER refusals in 24 hours: generation paused for a while. */
  GENERATION_SUSPENDED: {
    status: 403,
    message:
      'Generation is paused on this account because several prompts broke our content rules. You can generate again later.',
  },
  /**
   * A sign-up, sign-in or sign-out sent from a page on another site (better-auth's origin check).
   * Pages on the server's own address, whatever its name, and CORS_ORIGINS are never refused.
   */
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    message:
      'This request came from a site Nocturne does not recognise. Open Nocturne at its own address and try again.',
  },
  /** NOWPayments did not answer (or answered nonsense) while creating an invoice: nothing was made. */
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message:
      'The payment provider is not responding right now. Nothing was charged; please try again in a few minutes.',
  },
  /** An image link without a valid signature, or past its expiry (images are private). */
  IMAGE_LINK_INVALID: {
    status: 403,
    message: 'This image link is not valid or has expired.',
  },
  /** The server is shutting down (a deploy or restart): new work goes to the next process. */
  SERVICE_RESTARTING: {
    status: 503,
    message: 'Nocturne is restarting. Nothing was charged; please try again in a moment.',
  },
  /** Cancel of a generation that has already completed or failed: nothing changes. */
  GENERATION_ALREADY_FINISHED: {
    status: 422,
    message: 'This generation has already finished, so there is nothing to cancel.',
  },
  /** A request body above BODY_LIMIT_BYTES (prompts and settings are small JSON). */
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'This request is too large.',
  },
  /** The database cannot be reached (restart, failover): nothing was changed, try again shortly. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Nocturne is briefly unavailable. Nothing was changed; please try again in a moment.',
  },
  /**
   * A prompt whose `{a|b}` choices are not written correctly (generations/prompt-choices-problem.ts),
   * refused before any charge; the server's message names the character of the first problem.
   */
  PROMPT_CHOICES_INVALID: {
    status: 422,
    message: 'The choices in your prompt are not written correctly. Nothing was charged.',
  },
  /** A premium model (GET /api/v1/models, tier `premium`) asked for by a person without premium. */
  MODEL_REQUIRES_PREMIUM: {
    status: 403,
    message:
      'This model is part of Premium. Upgrade to Premium to use it, or pick one of the free models.',
  },
  /** A LoRA id that the chosen model's catalog entry does not list (GET /api/v1/models `loras`). */
  UNKNOWN_LORA: {
    status: 422,
    message:
      'This LoRA is not offered for this model. Nothing was charged; pick one from the model’s list of LoRAs.',
  },
  /** A premium LoRA (its `tier` in the catalog) asked for by a person without premium. */
  LORA_REQUIRES_PREMIUM: {
    status: 403,
    message:
      'This LoRA is part of Premium. Nothing was charged; upgrade to Premium to use it, or pick a free one.',
  },
  /** A `model` that is not in this server's catalog. */
  UNKNOWN_MODEL: {
    status: 422,
    message: 'This model does not exist on this server. Pick one from the list of models.',
  },
  /** No live worker serves the model right now: refused before any charge. */
  MODEL_UNAVAILABLE: {
    status: 503,
    message:
      'This model is not available right now. Nothing was charged; please pick another model or try again later.',
  },
  /** GET /metrics without `Authorization: Bearer <METRICS_TOKEN>`: a scrape, not a session. */
  METRICS_TOKEN_REQUIRED: {
    status: 401,
    message:
      'A metrics token is needed: send Authorization: Bearer <METRICS_TOKEN> to read the metrics.',
  },
  /** An /api/v1/admin route asked for by someone who is not an operator (decision 056). */
  OPERATOR_ONLY: {
    status: 403,
    message: 'You do not have access to this.',
  },
  /** An operator without two-factor sign-in: the console refuses until it is enabled. */
  OPERATOR_TWO_FACTOR_REQUIRED: {
    status: 403,
    message:
      'Turn on two-factor sign-in for your account, then sign in again to use the operator console.',
  },
  /**
   * The operator paused generation (PUT /api/v1/admin/settings): off for everyone, or premium_only
   * for a person without premium. Refused before any charge; the answer carries the operator's
   * message when they wrote one, this sentence otherwise.
   */
  GENERATION_PAUSED: {
    status: 503,
    message: 'Generation is paused right now. Nothing was charged; please try again later.',
  },
  /**
   * Landing samples that include an image made by the built-in preview model (abstract colours,
   * not a picture): the landing would show it as "Made with Nocturne". The answer names them.
   */
  LANDING_SAMPLE_FROM_PREVIEW: {
    status: 422,
    message:
      'Images made by the preview model are abstract colours, not pictures, so they cannot be shown on the landing. Choose images made by a real model.',
  },
  /** A refusal an operator already confirmed or marked as a false positive. */
  REFUSAL_ALREADY_REVIEWED: {
    status: 409,
    message: 'This refusal has already been reviewed.',
  },
  /** An allowed phrase that is not in the refused prompt, exempts nothing, or is refused alone. */
  ALLOWED_PHRASE_INVALID: {
    status: 422,
    message:
      'The allowed phrase must be words of the refused prompt that matched a rule, and must not be refused on its own.',
  },
  /** An operator list's entry that is already on the list. */
  MODERATION_ENTRY_EXISTS: {
    status: 409,
    message: 'This entry is already on the list.',
  },
  /** Reconcile of a payment with no provider payment id (nobody paid yet, or granted by hand). */
  PAYMENT_NOT_RECONCILABLE: {
    status: 409,
    message:
      'There is no provider payment to ask about: nobody has paid this invoice yet, or it was granted by hand.',
  },
  /** A plan grant whose reference is a provider payment that already granted through the IPN or reconcile. */
  PAYMENT_ALREADY_GRANTED: {
    status: 409,
    message:
      'This provider payment has already granted what it paid for. Nothing was granted again.',
  },
  /** A person's preset beyond PRESETS_PER_PERSON_MAX (20). */
  PRESET_LIMIT_REACHED: {
    status: 409,
    message: `You can keep up to ${PRESETS_PER_PERSON_MAX} presets. Delete one to save a new one.`,
  },
  /** A preset name the person already uses (names are unique per person). */
  PRESET_NAME_TAKEN: {
    status: 409,
    message: 'You already have a preset with this name. Pick another name.',
  },
  /** A person's character beyond CHARACTERS_PER_PERSON_MAX (50). */
  CHARACTER_LIMIT_REACHED: {
    status: 409,
    message: `You can keep up to ${CHARACTERS_PER_PERSON_MAX} characters. Delete one to save a new one.`,
  },
  /** A character name the person already uses (names are unique per person). */
  CHARACTER_NAME_TAKEN: {
    status: 409,
    message: 'You already have a character with this name. Pick another name.',
  },
  /** A character's reference image that is not one of the person's own results (or is gone). */
  CHARACTER_REFERENCE_NOT_FOUND: {
    status: 404,
    message: 'That image is not one of yours, or it was deleted. Pick another reference image.',
  },
  /** A character's reference image that has no stored result (not finished, failed, expired). */
  CHARACTER_REFERENCE_NOT_READY: {
    status: 422,
    message: 'A reference image must be one of your finished images that is still kept.',
  },
  /** `@name` in a prompt for a character the person does not have; the message names it. */
  UNKNOWN_CHARACTER: {
    status: 422,
    message: 'Your prompt names a character you do not have. Nothing was charged.',
  },
  /** A person's wildcard list beyond WILDCARDS_PER_PERSON_MAX (50). */
  WILDCARD_LIMIT_REACHED: {
    status: 409,
    message: `You can keep up to ${WILDCARDS_PER_PERSON_MAX} wildcard lists. Delete one to save a new one.`,
  },
  /** A wildcard list name the person already uses (names are unique per person). */
  WILDCARD_NAME_TAKEN: {
    status: 409,
    message: 'You already have a wildcard list with this name. Pick another name.',
  },
  /** `__name__` in a prompt for a list neither the person nor the operator has; names it. */
  UNKNOWN_WILDCARD: {
    status: 422,
    message: 'Your prompt names a wildcard list that does not exist. Nothing was charged.',
  },
  /** A console pull of a model that is not an embedded ONNX model of the pullable catalog. */
  MODEL_NOT_PULLABLE: {
    status: 422,
    message:
      'This model cannot be pulled from the console: only embedded ONNX models of the pullable catalog can.',
  },
  /** A console pull of a model this server is already pulling. */
  MODEL_PULL_RUNNING: {
    status: 409,
    message: 'This model is already being pulled; wait for that pull to finish.',
  },
  /** A variation or upscale of a result whose stored image has passed its retention. */
  SOURCE_IMAGE_EXPIRED: {
    status: 410,
    message:
      'The image of this result is no longer stored, so it cannot be varied or upscaled. Nothing was charged.',
  },
  /** A variation of a result whose model cannot start from an image (GET /models capabilities). */
  MODEL_CANNOT_VARY: {
    status: 422,
    message: 'The model of this image cannot make variations. Nothing was charged.',
  },
  /** An upscale factor the result's model does not offer (GET /models `capabilities.upscale`). */
  UPSCALE_FACTOR_UNAVAILABLE: {
    status: 422,
    message: 'The model of this image cannot upscale by this factor. Nothing was charged.',
  },
  /** An upscale whose output would pass the engines' largest side (2048 pixels). */
  UPSCALE_TOO_LARGE: {
    status: 422,
    message:
      'This image is too large to upscale by this factor: each side can be at most 2048 pixels. Nothing was charged.',
  },
  /** An inpaint mask that is not a PNG, or marks nothing (all black) to repaint. */
  MASK_INVALID: {
    status: 422,
    message:
      'The mask must be a PNG with the region to repaint painted white. Nothing was charged.',
  },
  /** An inpaint of a result whose model's engine cannot repaint a region (GET /models capabilities). */
  MODEL_CANNOT_INPAINT: {
    status: 422,
    message: 'The model of this image cannot repaint a region. Nothing was charged.',
  },
  /**
   * A personal API key on a route outside its scopes: account, password, two-factor, payments,
   * export, deletion, the console, key management (a key cannot make keys) and favorites without
   * the `favorites` scope.
   */
  API_KEY_SCOPE: {
    status: 403,
    message:
      'This API key cannot be used here. Sign in on the website for this, or use a key with the right scope.',
  },
  /**
   * An `nct_` key that is unknown or revoked, or whose person is suspended or deleted. Apart from
   * UNAUTHORIZED, whose message asks a browser to sign in again, which a script cannot do.
   */
  API_KEY_INVALID: {
    status: 401,
    message: 'This API key is not valid: it was revoked, or its account is suspended or deleted.',
  },
  /** A person's key beyond API_KEYS_PER_PERSON_MAX (20). */
  API_KEY_LIMIT_REACHED: {
    status: 409,
    message: `You can keep up to ${API_KEYS_PER_PERSON_MAX} API keys. Revoke one to create a new one.`,
  },
  /**
   * A webhook URL that is not https, or whose host is a loopback, private, link-local or metadata
   * address (unless WEBHOOKS_ALLOW_PRIVATE). The server's message names which.
   */
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 422,
    message: 'This URL cannot receive webhooks: it must be https and on a public address.',
  },
  /** A person's webhook beyond WEBHOOKS_PER_PERSON_MAX (10). */
  WEBHOOK_LIMIT_REACHED: {
    status: 409,
    message: `You can keep up to ${WEBHOOKS_PER_PERSON_MAX} webhooks. Delete one to add a new one.`,
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ProductErrorCode = keyof typeof PRODUCT_ERRORS;
