import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '../../db/database';
import {
  readLandingSampleRows,
  toLandingSample,
} from '../landing-samples/landing-samples-repository';
import { fillLandingSamples } from './fill-landing-samples';

/** How long a process trusts its rendered page without a NOTIFY (a lost one's bound). */
const LANDING_PAGE_TTL_MS = 60_000;

export interface LandingPage {
  /** The landing with the chosen samples; null while none are chosen (send the built file). */
  render(): Promise<string | null>;
  /** The samples changed (NOTIFY landing_samples_changed): the next render reads them again. */
  forget(): void;
}

/**
 * One rendered landing per process, re-rendered after the samples change: a visit costs no query
 * and no rendering, only the compression of a cached page.
 */
export function createLandingPage(options: { distDir: string; db: DbHandle }): LandingPage {
  const built = readFileSync(path.join(options.distDir, 'landing.html'), 'utf8');
  let cached: { page: Promise<string | null>; at: number } | undefined;
  return {
    render() {
      if (cached && performance.now() - cached.at < LANDING_PAGE_TTL_MS) return cached.page;
      const page = readLandingSampleRows(options.db).then((rows) =>
        rows.length === 0 ? null : (fillLandingSamples(built, rows.map(toLandingSample)) ?? null),
      );
      const entry = { page, at: performance.now() };
      cached = entry;
      page.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return page;
    },
    forget() {
      cached = undefined;
    },
  };
}
