import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const ZOD_DIR = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));

/**
 * Typechecks the given files of a folder as the repository's code is checked (strict, bundler
 * resolution), with `@nocturne/contract/*` and `zod` reaching the repository's own so that a
 * snippet outside the repository can hold generated types against the contract. Answers each file's
 * diagnostics as text, by the file's name.
 */
export function typecheckFiles(dir: string, fileNames: string[]): Record<string, string[]> {
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
      paths: {
        '@nocturne/contract/*': [path.join(REPO_ROOT, 'packages/contract/src/*')],
        zod: [ZOD_DIR],
      },
    },
    dir,
  );
  if (errors.length > 0)
    throw new Error(ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n'));
  const program = ts.createProgram(
    fileNames.map((name) => path.join(dir, name)),
    options,
  );
  const byFile: Record<string, string[]> = Object.fromEntries(fileNames.map((name) => [name, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = diagnostic.file ? path.relative(dir, diagnostic.file.fileName) : '(options)';
    (byFile[name] ??= []).push(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return byFile;
}
