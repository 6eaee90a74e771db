import { join, resolve } from 'node:path';

/**
 * The CLI's only reader of the environment: MODELS_DIR, else DATA_DIR/models, else data/models,
 * relative to where the user typed the command (npm's INIT_CWD), not the workspace folder; and
 * HF_ENDPOINT, the Hub endpoint as huggingface_hub reads it (a mirror), when set.
 */
export function readCliEnv(): { modelsDir: string; hubUrl: string | undefined } {
  const base = process.env.INIT_CWD ?? process.cwd();
  const modelsDir = process.env.MODELS_DIR ?? join(process.env.DATA_DIR ?? 'data', 'models');
  return { modelsDir: resolve(base, modelsDir), hubUrl: process.env.HF_ENDPOINT || undefined };
}
