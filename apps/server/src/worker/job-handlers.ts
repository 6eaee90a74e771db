import type { JobHandler } from './start-worker';

/** Every job kind the worker runs. Empty until the generation issue adds the image job. */
export const JOB_HANDLERS: readonly JobHandler[] = [];
