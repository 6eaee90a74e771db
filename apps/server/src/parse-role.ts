/** `all` serves HTTP + realtime and runs the worker; `api` and `worker` split them (scale-out). */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** Reads `--role=all|api|worker` (or `--role worker`); default `all`. */
export function parseRole(argv: readonly string[]): Role {
  let value: string | undefined;
  argv.forEach((arg, index) => {
    if (arg.startsWith('--role=')) value = arg.slice('--role='.length);
    else if (arg === '--role') value = argv[index + 1];
  });
  if (value === undefined) return 'all';
  if ((ROLES as readonly string[]).includes(value)) return value as Role;
  throw new Error(`Unknown --role "${value}"; expected one of: ${ROLES.join(', ')}`);
}
