/**
 * The only reader of `import.meta.env` (docs/architecture.md#conventions). Both URLs default to '' which means
 * "same origin": in production the server serves this app, in development Vite proxies.
 *
 * Checked without zod on purpose: this file runs on every page's first load, and zod would push
 * the landing past its budget (docs/decisions/014-landing-first-load-budget.md).
 */
type EnvName = 'VITE_API_URL' | 'VITE_IMAGE_BASE_URL';

function readUrl(name: EnvName, value: string | undefined, problems: string[]): string {
  if (!value) return '';
  try {
    new URL(value);
  } catch {
    problems.push(`- ${name}: Invalid URL`);
  }
  return value.replace(/\/+$/, '');
}

function parseEnv() {
  const problems: string[] = [];
  const apiUrl = readUrl('VITE_API_URL', import.meta.env.VITE_API_URL, problems);
  const imageBaseUrl = readUrl(
    'VITE_IMAGE_BASE_URL',
    import.meta.env.VITE_IMAGE_BASE_URL,
    problems,
  );
  if (problems.length > 0) {
    throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
  }
  return {
    /** Origin of the API server ('' = same origin). */
    API_URL: apiUrl,
    /** Image host base that relative favorite paths are appended to ('' = same origin). */
    IMAGE_BASE_URL: imageBaseUrl,
  };
}

export const env = parseEnv();
