import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';

/** Every key starts with it, so a secret scanner and the API's hook both know one on sight. */
export const API_KEY_PREFIX = 'nct_';
/** How many keys one person keeps; a create beyond it is API_KEY_LIMIT_REACHED. */
export const API_KEYS_PER_PERSON_MAX = 20;
export const API_KEY_NAME_MAX_LENGTH = 64;

/**
 * What a key may do. `generations` (generate, Vary, Upscale, inpaint, retry, cancel, read
 * generations and their images, the models and the balance) is always granted; `favorites` adds
 * the favorites routes. Everything else refuses keys (403 API_KEY_SCOPE).
 */
export const API_KEY_SCOPES = ['generations', 'favorites'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeyNameSchema = textWithoutBidiControls('name')
  .trim()
  .min(1, 'A name is required.')
  .max(API_KEY_NAME_MAX_LENGTH, `A name is at most ${API_KEY_NAME_MAX_LENGTH} characters.`);

const isoDate = z.iso.datetime({ offset: true });

/** A key as its owner lists it: never the key itself, only its first characters. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    /** The key's first characters, e.g. `nct_ab12`, to tell keys apart. */
    prefix: z.string(),
    created_at: isoDate,
    /** Updated at most once a minute; null until the key is first used. */
    last_used_at: isoDate.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyParamsSchema = z.object({ id: z.uuid() });
