import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Relative paths resolve against the directory the user ran the command from: npm sets INIT_CWD
 * to it, while the workspace script itself runs with cwd apps/server.
 */
export function resolveFromInvocationDir(value: string, invocationDir: string): string {
  return path.isAbsolute(value) ? value : path.resolve(invocationDir, value);
}

/**
 * Which proxies' X-Forwarded-* to believe (Fastify's trustProxy): none; a hop count (`true` is 1,
 * the proxy in front of us) — the client address is then the one that proxy appended, not the
 * left-most one a client can write itself; or the proxies' addresses and CIDR ranges.
 */
export const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(text)) return false;
  if (text === 'true' || text === 'yes') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || isIP(address) === 0) return true;
    return bits !== undefined && !/^\d{1,3}$/.test(bits);
  });
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `false, a hop count, or proxy addresses/CIDRs (not ${invalid.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** An empty value means unset, so `NAME=` lines in an env file keep the default. */
export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

export const optionalUrl = optionalString.pipe(z.url().optional());

/** An http(s) origin, optionally with a path, without its trailing slash. */
export const optionalHttpUrl = optionalString.pipe(
  z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
);

export const optionalBoolean = optionalString.pipe(
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .transform((value) => ['true', '1', 'yes'].includes(value))
    .optional(),
);

/** The values a shape of variables parses to. */
export type Parsed<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** A path variable resolved against the directory the command ran in; undefined when unset. */
export type FromInvocationDir = (value: string | undefined) => string | undefined;

/** The variables of `shape` as parsed, under their own names: settings that need no shaping. */
export function picked<Shape extends z.ZodRawShape>(
  raw: Parsed<Shape>,
  shape: Shape,
): Parsed<Shape> {
  const values = raw as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(shape).map((name) => [name, values[name]]),
  ) as Parsed<Shape>;
}
