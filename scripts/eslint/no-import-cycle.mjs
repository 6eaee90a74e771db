import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Two rules against circles, in which every import counts, `import type` included (import-x's
 * no-cycle skips type-only imports, so a circle closed by a type went unseen, and a circle of
 * types still ties two files' meanings together):
 *
 * - no-import-cycle: a file may not import a file that imports it back, directly or through others;
 * - no-module-cycle: the modules of a folder (apps/server/src/modules) may not import each other
 *   in a circle, whichever of their files make the imports.
 *
 * The files imported are read from disk (their relative specifiers, through TypeScript's
 * pre-processor) and kept per modification time, so one lint run reads each file once.
 */

const codeExtensions = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const candidateSuffixes = [
  '',
  ...codeExtensions,
  ...codeExtensions.map((extension) => `/index${extension}`),
];

/** The file a relative specifier names, or undefined when it is not a source file of ours. */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.') {
    return undefined;
  }
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]);
  const candidates = candidateSuffixes.map((suffix) => base + suffix);
  // Sources written for ESM name their `.ts` sibling as `.js`.
  if (/\.[mc]?js$/.test(base)) candidates.push(base.replace(/js$/, 'ts'));
  return candidates.find(
    (candidate) =>
      codeExtensions.includes(path.extname(candidate)) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile(),
  );
}

/** Per file: its modification time and the files it imports. */
const importsCache = new Map();

function importsOf(file) {
  let modified;
  try {
    modified = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.modified === modified) return cached.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [
    ...new Set(
      importedFiles
        .map(({ fileName }) => resolveRelative(file, fileName))
        .filter((imported) => imported !== undefined),
    ),
  ];
  importsCache.set(file, { modified, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `file`, or undefined when there is none. */
function pathBack(start, file) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current)) {
      if (next === file) {
        const chain = [current];
        for (let step = cameFrom.get(current); step; step = cameFrom.get(step)) chain.unshift(step);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** The import's specifier node, for every form of import that names a file. */
function specifierOf(node) {
  if (node.type === 'TSImportEqualsDeclaration') {
    return node.moduleReference.type === 'TSExternalModuleReference'
      ? node.moduleReference.expression
      : undefined;
  }
  if (node.type === 'TSImportType') return node.argument?.literal ?? node.argument;
  return node.source;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Dependency cycle via {{route}}.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    function check(node) {
      const specifier = specifierOf(node);
      if (specifier?.type !== 'Literal' || typeof specifier.value !== 'string') return;
      const imported = resolveRelative(file, specifier.value);
      if (!imported || imported === file) return;
      const chain = pathBack(imported, file);
      if (!chain) return;
      const route = [...chain, file]
        .map((step) => path.relative(path.dirname(file), step))
        .join(' → ');
      context.report({ node, messageId: 'cycle', data: { route } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportEqualsDeclaration: check,
      TSImportType: check,
    };
  },
};

/** Every source file under `folder`, tests left out (they may import any module's parts). */
function sourceFilesUnder(folder) {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && codeExtensions.includes(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/\.test\.[^.]+$/.test(file));
}

/** The module (first folder under `modulesRoot`) a file belongs to, or undefined. */
function moduleOf(modulesRoot, file) {
  const relative = path.relative(modulesRoot, file);
  if (relative.startsWith('..') || !relative.includes(path.sep)) return undefined;
  return relative.split(path.sep)[0];
}

/** Module → module edges, each with one file import that makes it. */
function moduleEdges(modulesRoot) {
  const edges = new Map();
  for (const file of sourceFilesUnder(modulesRoot)) {
    const from = moduleOf(modulesRoot, file);
    for (const imported of importsOf(file)) {
      const to = moduleOf(modulesRoot, imported);
      if (!from || !to || to === from || /\.test\.[^.]+$/.test(imported)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, { file, imported });
    }
  }
  return edges;
}

/** The modules from `start` back to `target` through the edges, or undefined when none leads. */
function moduleWayBack(edges, start, target) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of edges.get(current)?.keys() ?? []) {
      if (next === target) {
        const chain = [current];
        for (let step = cameFrom.get(current); step; step = cameFrom.get(step)) chain.unshift(step);
        return [...chain, target];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * Modules (the folders under the `modules` option) may not import each other in a circle: a
 * module that imports another is the higher of the two, and nothing of the lower imports it
 * back. Tests are left out: they may use any module's parts to set up a case.
 */
export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid circles between the modules of a modules folder.' },
    schema: [
      {
        type: 'object',
        properties: { modules: { type: 'string' } },
        required: ['modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Modules import each other in a circle: {{circle}} ({{back}} imports {{imported}}).',
    },
  },
  create(context) {
    const modulesRoot = context.options[0].modules;
    const file = context.physicalFilename;
    const from = moduleOf(modulesRoot, file);
    if (!from || /\.test\.[^.]+$/.test(file)) return {};
    let edges;
    function check(node) {
      const specifier = specifierOf(node);
      if (specifier?.type !== 'Literal' || typeof specifier.value !== 'string') return;
      const imported = resolveRelative(file, specifier.value);
      const to = imported && moduleOf(modulesRoot, imported);
      if (!to || to === from || /\.test\.[^.]+$/.test(imported)) return;
      edges ??= moduleEdges(modulesRoot);
      const way = moduleWayBack(edges, to, from);
      if (!way) return;
      const back = edges.get(way.at(-2)).get(from);
      context.report({
        node,
        messageId: 'cycle',
        data: {
          circle: [from, ...way].join(' → '),
          back: path.relative(modulesRoot, back.file),
          imported: path.relative(modulesRoot, back.imported),
        },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportEqualsDeclaration: check,
      TSImportType: check,
    };
  },
};

export default {
  rules: { 'no-import-cycle': noImportCycle, 'no-module-cycle': noModuleCycle },
};
