import pino, { type DestinationStream } from 'pino';

/** Lines are written together up to this many bytes (below sonic-boom's 16 KiB maxWrite). */
const BATCH_BYTES = 8 * 1024;

/** How long a line may wait for others before it is written: short enough to tail a live log. */
export const LOG_FLUSH_AFTER_MS = 20;

/**
 * Standard output for the log, written in batches instead of once per line: a write per access
 * line is a system call, and a wake-up of whatever reads the pipe, for every request. A batch is
 * written when it reaches BATCH_BYTES or LOG_FLUSH_AFTER_MS after its first line, not once per
 * event-loop turn, since under load a turn seldom completes more than one or two requests. What
 * is left is written on exit.
 */
export function createLogDestination(fd = 1): DestinationStream {
  const stream = pino.destination({ dest: fd, sync: true, minLength: BATCH_BYTES });
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    stream.flush();
  };
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output is gone (a supervisor that went away): nothing left to write to.
    }
  });
  return {
    write(line: string) {
      stream.write(line);
      if (scheduled) return;
      scheduled = true;
      // Unref'd: a pending batch never keeps the process alive; the exit handler writes it.
      setTimeout(flush, LOG_FLUSH_AFTER_MS).unref();
    },
  };
}

let standardOutput: DestinationStream | undefined;

/** The process's one log destination on standard output (every app and worker logger shares it). */
export function standardOutputLogDestination(): DestinationStream {
  standardOutput ??= createLogDestination(1);
  return standardOutput;
}
