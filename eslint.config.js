import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import importCycles from './scripts/eslint/no-import-cycle.mjs';

/**
 * One zone per folder under apps/web/src/features, read from disk so a feature is covered the day
 * its folder is created: each may import only itself, never a sibling feature.
 */
const webFeatureZones = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name: feature }) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features never import each other; compose them in src/app.',
  }));

/** Absolute, so the zones below hold whichever folder ESLint runs from. */
const serverSource = fileURLToPath(new URL('./apps/server/src', import.meta.url));
const moduleTables = `${serverSource}/modules/**/*-tables.ts`;
const tableOwnerMessage =
  "A table is queried by its own module only: call the owner's repository (docs/architecture.md#the-parts).";

/**
 * One zone per folder under apps/server/src/modules, read from disk like the web's features: a
 * module's tables (its `*-tables.ts`) are imported by that module only. Tables files may name
 * another module's table (a foreign key), tests may seed any, and src/db gathers them all for
 * drizzle and the migrations.
 */
const serverTableZones = [
  ...fs
    .readdirSync(`${serverSource}/modules`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name: module }) => ({
      target: `${serverSource}/modules/${module}/**/!(*.test|*-tables).ts`,
      from: moduleTables,
      except: [`${serverSource}/modules/${module}/**`],
      message: tableOwnerMessage,
    })),
  {
    target: [`${serverSource}/!(modules|db)/**/!(*.test).ts`, `${serverSource}/!(*.test).ts`],
    from: moduleTables,
    message: tableOwnerMessage,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Build outputs of the web app's server renders (npm run build).
      '**/dist-ssr/**',
      '**/dist-server/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'packages/imagegen/models/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, nocturne: importCycles },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A function a reader can hold (issue 45): split into named parts and steps, not closures.
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
      // import-x's no-cycle skips `import type`; this one counts every import.
      'nocturne/no-import-cycle': 'error',
      // Server modules form layers: none imports, through any file, one that imports it.
      'nocturne/no-module-cycle': ['error', { modules: `${serverSource}/modules` }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Dependencies point one way (docs/architecture.md#the-parts).
            {
              target: './packages/contract',
              from: './apps',
              message: 'contract depends on nothing of ours.',
            },
            { target: './packages/contract', from: './packages/imagegen' },
            {
              target: './packages/imagegen',
              from: './apps',
              message: 'imagegen knows nothing of users or HTTP.',
            },
            { target: './packages/imagegen', from: './packages/contract' },
            { target: './apps/web', from: './apps/server', message: 'web never imports server.' },
            {
              target: './apps/web',
              from: './packages/imagegen',
              message: 'web depends on contract only.',
            },
            { target: './apps/server', from: './apps/web' },
            {
              target: './apps/server/src/modules',
              from: './apps/server/src/plugins',
              message: 'Modules never import plugins; plugins compose modules.',
            },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'Shared UI never imports features.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'Shared libs never import features.',
            },
            ...webFeatureZones,
            ...serverTableZones,
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Only env.ts reads process.env (docs/architecture.md#conventions).',
        },
      ],
    },
    settings: {
      // TypeScript sources import without extensions; a resolver that cannot find them would let
      // every path rule above pass silently.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.node'],
        }),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // The single readers of the environment, plus tooling configs, benchmarks and test harnesses.
    files: [
      '**/env.ts',
      '**/*.config.{ts,js,mjs}',
      'scripts/**',
      '**/bench/**',
      '**/test/**',
      '**/*.test.ts',
      'e2e/**',
      'apps/web/e2e/**',
      'playwright.config.ts',
      '.ci/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A test file's describe block is a list of cases, not a function a reader holds at once.
    files: ['**/*.test.{ts,tsx,mjs}', '**/e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
);
