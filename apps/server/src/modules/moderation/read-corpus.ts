import { readFileSync, readdirSync } from 'node:fs';
import { parseNamesFile } from './real-people';

const CORPUS = new URL('./corpus/', import.meta.url);

/** The languages with a corpus (`corpus/<code>/`). */
export const CORPUS_LANGUAGES = readdirSync(CORPUS).sort();

/** A corpus file: one prompt a line, `#` comments; `\uXXXX` written out so invisibles show. */
export function readCorpus(language: string, name: 'allowed.txt' | 'prohibited.txt'): string[] {
  return parseNamesFile(readFileSync(new URL(`${language}/${name}`, CORPUS), 'utf8')).map((line) =>
    line.replace(/\\u([0-9a-f]{4})/gi, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
  );
}
