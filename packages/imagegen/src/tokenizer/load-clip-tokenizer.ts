import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClipTokenizer, type ClipTokenizer } from './clip-tokenizer';

interface TokenizerConfigFile {
  pad_token?: string | { content?: string };
  model_max_length?: number;
}

async function readJsonIfPresent<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function tokenName(value: TokenizerConfigFile['pad_token']): string | undefined {
  return typeof value === 'string' ? value : value?.content;
}

/**
 * Loads a diffusers-layout `tokenizer/` folder (vocab.json, merges.txt and, when present,
 * special_tokens_map.json / tokenizer_config.json for the pad token). Never touches the network.
 */
export async function loadClipTokenizer(dir: string): Promise<ClipTokenizer> {
  const vocab = JSON.parse(await readFile(join(dir, 'vocab.json'), 'utf8')) as Record<
    string,
    number
  >;
  const mergesText = await readFile(join(dir, 'merges.txt'), 'utf8');
  const merges = mergesText
    .split('\n')
    .filter((line, index) => line.length > 0 && !(index === 0 && line.startsWith('#version')));
  const special = await readJsonIfPresent<TokenizerConfigFile>(
    join(dir, 'special_tokens_map.json'),
  );
  const config = await readJsonIfPresent<TokenizerConfigFile>(join(dir, 'tokenizer_config.json'));
  const padToken = tokenName(special?.pad_token) ?? tokenName(config?.pad_token);
  const maxLength = Math.min(config?.model_max_length ?? 77, 77);
  return createClipTokenizer({ vocab, merges, padToken, maxLength });
}
