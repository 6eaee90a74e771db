import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '..');

/** `import … from '…'` and `export … from '…'`, not `import type` and not `import('…')`. */
const STATIC_IMPORT =
  /^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'|^import\s+'([^']+)'/gm;

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every package a module pulls in through static imports: what loads with it. */
function staticPackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.join(srcDir, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) {
        const resolved = resolveModule(file, specifier);
        if (resolved) queue.push(resolved);
      } else {
        packages.add(specifier);
      }
    }
  }
  return packages;
}

/**
 * Issue 9 (docs/decisions/025): what the signed-in shell and the dashboard render closed — the
 * account menu, the credit packs, the daily promo, the generation modal — loads when it opens, so
 * Radix's dialog and menu (with floating-ui) are not part of /dashboard's first load.
 */
describe('the first load of /dashboard', () => {
  it.each([
    'app/layouts/app-layout.tsx',
    'app/routes/app/dashboard.tsx',
    'main.ts',
    'app/start-app.tsx',
  ])('%s imports no Radix dialog or menu before one opens', (entry) => {
    const packages = [...staticPackages(entry)];
    expect(packages.filter((name) => name.startsWith('@radix-ui/'))).toEqual([]);
  });

  it('would see a Radix import (the walk follows relative imports)', () => {
    expect(staticPackages('features/auth/components/user-menu-dropdown.tsx')).toContain(
      '@radix-ui/react-dropdown-menu',
    );
    expect(staticPackages('features/gallery/components/daily-promo-dialog.tsx')).toContain(
      '@radix-ui/react-dialog',
    );
  });
});

/** The QR code of two-factor set-up loads with its /profile section only (its own lazy chunk). */
describe('the QR code library', () => {
  it.each([
    'main.ts',
    'app/start-app.tsx',
    'app/routes/landing.tsx',
    'app/routes/app/dashboard.tsx',
    'app/routes/app/profile.tsx',
  ])('is not imported statically by %s', (entry) => {
    expect(staticPackages(entry)).not.toContain('qrcode.react');
  });

  it('would be seen from the two-factor section', () => {
    expect(staticPackages('features/profile/components/two-factor-section.tsx')).toContain(
      'qrcode.react',
    );
  });
});

/**
 * docs/decisions/028: the entry starts the first requests before the framework has loaded, so it
 * must not import it (nor zod, nor the data and auth clients) or the requests wait for them again.
 */
describe('the entry', () => {
  it('imports no package but the contract (and its stylesheet)', () => {
    const packages = [...staticPackages('main.ts')];
    expect(packages.filter((name) => !name.startsWith('@nocturne/contract/'))).toEqual([]);
  });

  it('would see a framework import (the walk reaches it through the app)', () => {
    expect(staticPackages('app/start-app.tsx')).toContain('react-dom/client');
  });
});
