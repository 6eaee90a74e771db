import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { modelCatalogSchema, type ModelCatalog } from './model-catalog-schema';

/** A catalog that cannot be used, with every problem on its own line (path: message). */
export class ModelCatalogError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is not a valid model catalog:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ModelCatalogError';
  }
}

/** `models[1].checkpoint`, as an operator reads the path of a JSON value. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? '(root)' : text;
}

/** Every zod issue as `path: message`. */
export function formatCatalogIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`);
}

/** Validates a parsed catalog; throws ModelCatalogError listing every problem. */
export function parseModelCatalog(value: unknown, file = 'MODELS_FILE'): ModelCatalog {
  const result = modelCatalogSchema.safeParse(value);
  if (!result.success) throw new ModelCatalogError(file, formatCatalogIssues(result.error.issues));
  return result.data;
}

/** Parses the text of a catalog file: a JSON syntax error is reported like a schema problem. */
export function parseModelCatalogText(text: string, file = 'MODELS_FILE'): ModelCatalog {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ModelCatalogError(file, [`not JSON: ${(error as Error).message}`]);
  }
  return parseModelCatalog(value, file);
}

/** Reads and validates MODELS_FILE at start (synchronously: it is read once, before serving). */
export function loadModelCatalog(file: string): ModelCatalog {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ModelCatalogError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  return parseModelCatalogText(text, file);
}
