import type { JobHandler } from './start-worker';

/** Job kinds without dependencies; the image job needs the engine and is added by start-server.ts. */
export const JOB_HANDLERS: readonly JobHandler[] = [];
