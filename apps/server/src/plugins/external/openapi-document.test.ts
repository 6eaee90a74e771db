import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { typecheckFiles } from '../../../test/typecheck-files';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

interface DocumentedOperation {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
}

function listOperations(document: OpenAPI3): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ method, path: route, ...(operation as object) })),
  );
}

/**
 * A client's code over the generated types: what the contract lets the web app send and read is
 * what a client of the document sends and reads, in both directions.
 */
const CLIENT_SNIPPET = `
import type { z } from 'zod';
import type { createGenerationRequestSchema } from '@nocturne/contract/generations/create-generation';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import type { Generation } from '@nocturne/contract/generations/generation';
import type { operations } from './nocturne-api';

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
export type CreateGenerationBody = JsonOf<operations['createGeneration']['requestBody']>;
type SubmitAnswer = JsonOf<operations['createGeneration']['responses'][200]>;
type CreditsAnswer = JsonOf<operations['getCredits']['responses'][200]>;
type GenerationAnswer = JsonOf<operations['getGeneration']['responses'][200]>;

export const submit: CreateGenerationBody = { content_prompt: 'a lighthouse at dusk', image_count: 2 };
declare const contractBody: z.input<typeof createGenerationRequestSchema>;
export const sameBody: CreateGenerationBody = contractBody;
declare const sentBody: CreateGenerationBody;
export const backToContract: z.input<typeof createGenerationRequestSchema> = sentBody;

declare const submitAnswer: SubmitAnswer;
export const requestId: string = submitAnswer.requestId;
declare const credits: CreditsAnswer;
export const creditState: CreditState = credits;
declare const generation: GenerationAnswer;
export const readGeneration: Generation = generation;

// \`never\` is assignable to anything: each type above must be a real one.
type Real<T> = [T] extends [never] ? false : true;
export const real: [Real<CreateGenerationBody>, Real<SubmitAnswer>, Real<CreditsAnswer>, Real<GenerationAnswer>] = [true, true, true, true];
`;

/** A submit without its prompt, and one with a count in words: a typed client refuses both. */
const MISUSE_SNIPPET = `
import type { CreateGenerationBody } from './client';

export const withoutPrompt: CreateGenerationBody = { image_count: 2 };
export const countInWords: CreateGenerationBody = { content_prompt: 'a lighthouse', image_count: 'two' };
`;

describe('the OpenAPI document at /api/docs/json', () => {
  let ctx: TestApp;
  let document: OpenAPI3;
  beforeAll(async () => {
    ctx = await createTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenAPI3>();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('validates as OpenAPI 3.1 with swagger-parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('lists each named schema as a Schema Object, not as a JSON Schema document of its own', () => {
    const schemas = Object.entries(document.components?.schemas ?? {});
    expect(schemas.length).toBeGreaterThan(0);
    // An `$id` with a fragment is not allowed in JSON Schema 2020-12 and moves `$ref` resolution.
    const standalone = schemas.filter(([, schema]) => '$id' in schema || '$schema' in schema);
    expect(standalone.map(([name]) => name)).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId and a summary', () => {
    const operations = listOperations(document);
    expect(operations.length).toBeGreaterThan(0);
    const unnamed = operations.filter(
      (operation) => !/^[a-z][a-zA-Z0-9]*$/.test(operation.operationId ?? ''),
    );
    expect(unnamed.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    const unsummarised = operations.filter((operation) => !operation.summary?.trim());
    expect(unsummarised.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('keeps the bearer scheme', () => {
    expect(document.components?.securitySchemes?.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('generates client types that hold the contract and refuse a misuse', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nocturne-openapi-client-'));
    try {
      // A default is filled in by the server: the field stays optional in what a client sends.
      const types = astToString(
        await openapiTS(document, { silent: true, defaultNonNullable: false }),
      );
      await writeFile(path.join(dir, 'nocturne-api.ts'), types);
      await writeFile(path.join(dir, 'client.ts'), CLIENT_SNIPPET);
      await writeFile(path.join(dir, 'misuse.ts'), MISUSE_SNIPPET);
      const diagnostics = typecheckFiles(dir, ['client.ts', 'misuse.ts']);
      expect(diagnostics['client.ts']).toEqual([]);
      expect(diagnostics['misuse.ts']).toEqual([
        expect.stringContaining("Property 'content_prompt' is missing"),
        "Type 'string' is not assignable to type 'number'.",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
