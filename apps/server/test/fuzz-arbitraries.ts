import fc from 'fast-check';

/** Strings that have broken parsers before: dots, escapes, NULs, lone surrogates, huge ones. */
const NASTY_STRINGS = [
  '',
  ' ',
  '.',
  '..',
  '%',
  '%00',
  '%2e%2e',
  '\\',
  '/',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u0000',
  '\uD800',
  '\u202E',
  '😈',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'a'.repeat(5_000),
];

export const oddString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** The part of a JSON schema (from the OpenAPI document) a plausible value is drawn from. */
export interface JsonSchemaLike {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: JsonSchemaLike;
  anyOf?: JsonSchemaLike[];
}

/** A value of roughly the right type: deep enough to get past validation into the handler. */
export function plausibleValue(schema: JsonSchemaLike | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean());
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.anyOf && schema.anyOf.length > 0) return fc.oneof(...schema.anyOf.map(plausibleValue));
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 60, 60) }),
        fc.constantFrom(
          'a@example.com',
          'moonlit owl',
          '2026-01-01T00:00:00.000Z',
          'a'.repeat(2_001),
        ),
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({
          min: Math.ceil(schema.minimum ?? -10),
          max: Math.floor(Math.min(schema.maximum ?? 100, 2 ** 32)),
        }),
        fc.constantFrom(-1, 0, 2 ** 32, 2 ** 53 + 2, 0.5),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausibleValue(schema.items), { maxLength: 5 });
    case 'null':
      return fc.constant(null);
    default:
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), {
        maxKeys: 3,
      });
  }
}

/** JSON values, including numbers and keys that trip naive code. */
export const oddJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddString,
  fc.constantFrom(
    null,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    true,
    [],
    {},
    { __proto__: { admin: true } },
  ),
);

/**
 * A JSON body: the route's own fields with values of about the right type (some odd), an object
 * of odd keys and values, anything JSON, or no JSON at all.
 */
export function oddBody(
  fields: Record<string, JsonSchemaLike | undefined>,
): fc.Arbitrary<string | undefined> {
  const knownKeys = Object.keys(fields);
  const key = knownKeys.length > 0 ? fc.oneof(fc.constantFrom(...knownKeys), oddString) : oddString;
  const model = Object.fromEntries(
    knownKeys.map((name) => [
      name,
      fc.oneof({ weight: 6, arbitrary: plausibleValue(fields[name]) }, oddJsonValue),
    ]),
  );
  const nearlyValid = fc.oneof(
    { weight: 2, arbitrary: fc.record(model) },
    fc.record(model, { requiredKeys: [] }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: nearlyValid.map((value) => JSON.stringify(value)) },
    fc.dictionary(key, oddJsonValue, { maxKeys: 6 }).map((value) => JSON.stringify(value)),
    oddJsonValue.map((value) => JSON.stringify(value) ?? 'null'),
    // Not JSON at all, or JSON cut short.
    fc.constantFrom('{', '{"a":', '[1,', 'nul', '\u0000', '{"a":1}{"b":2}', '"\\ud800"'),
    fc.string({ maxLength: 60 }),
    fc.constant(undefined),
  );
}

export function oddQuery(knownKeys: string[]): fc.Arbitrary<string> {
  const key = knownKeys.length > 0 ? fc.oneof(fc.constantFrom(...knownKeys), oddString) : oddString;
  return fc
    .tuple(
      fc.dictionary(key, oddString, { maxKeys: 4 }),
      fc.constantFrom('', '&', '&%', '&a=%ZZ', '&a[b]=1', '&limit=1&limit=2'),
    )
    .map(([values, raw]) => {
      const query = new URLSearchParams(values).toString() + raw;
      return query === '' ? '' : `?${query}`;
    });
}

const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,80}$/),
  fc.constantFrom('x'.repeat(8_000), ' ', '\t', 'null', '0'),
);

/** Odd headers: content types, auth schemes, proxies, idempotency keys and random extras. */
export const oddHeaders = fc.record({
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json;;;',
      'application/xml',
    ),
  ),
  authorization: fc.oneof(
    { weight: 6, arbitrary: fc.constant('valid' as const) },
    fc.constantFrom('valid-lowercase', 'none', 'garbage', 'basic', 'empty'),
  ),
  cookie: fc.oneof(
    { weight: 4, arbitrary: fc.constant('valid' as const) },
    fc.constantFrom('none', 'garbage'),
  ),
  origin: fc.oneof(
    { weight: 4, arbitrary: fc.constant('own' as const) },
    fc.constantFrom('none', 'foreign', 'null'),
  ),
  extra: fc.dictionary(
    fc.constantFrom(
      'idempotency-key',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'accept',
      'accept-encoding',
      'if-none-match',
      'range',
      'x-nowpayments-sig',
      'x-huge',
    ),
    headerValue,
    { maxKeys: 3 },
  ),
});

export type OddHeaders = typeof oddHeaders extends fc.Arbitrary<infer T> ? T : never;

/** Percent-encodes every byte but the unreserved ones (a lone surrogate becomes U+FFFD's bytes). */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9._~-]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** A path segment as sent on the wire: odd text encoded, or encodings that are themselves wrong. */
export const oddPathSegment = fc.oneof(
  oddString.map(encodeSegment),
  fc.constantFrom('%ED%A0%80', '%C0%AF', '%', '%zz', '%2F', '..', '.', '%2e%2e'),
);
