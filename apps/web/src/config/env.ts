import { z } from 'zod';

/**
 * The only reader of `import.meta.env` (CONVENTIONS.md #6). Both URLs default to '' which means
 * "same origin": in production the server serves this app, in development Vite proxies.
 */
const envSchema = z.object({
  VITE_API_URL: z
    .union([z.url(), z.literal('')])
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
  VITE_IMAGE_BASE_URL: z
    .union([z.url(), z.literal('')])
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
});

function parseEnv() {
  const result = envSchema.safeParse({
    VITE_API_URL: import.meta.env.VITE_API_URL || undefined,
    VITE_IMAGE_BASE_URL: import.meta.env.VITE_IMAGE_BASE_URL || undefined,
  });
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `- ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return {
    /** Origin of the API server ('' = same origin). */
    API_URL: result.data.VITE_API_URL,
    /** Image host base that relative favorite paths are appended to ('' = same origin). */
    IMAGE_BASE_URL: result.data.VITE_IMAGE_BASE_URL,
  };
}

export const env = parseEnv();
