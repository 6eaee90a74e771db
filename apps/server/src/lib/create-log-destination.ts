import pino, { type DestinationStream } from 'pino';

/** Lines are written together up to this many bytes (below sonic-boom's 16 KiB maxWrite). */
const BATCH_BYTES = 8 * 1024;

/**
 * Standard output for the log, written once per turn of the event loop instead of once per line:
 * under load a turn completes several requests, and a write per access line (a system call, and
 * a wake-up of whatever reads the pipe) was a tenth of a request's CPU (bench/api.bench.ts). A
 * line waits at most until the end of the turn that wrote it; what is left is written on exit.
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
      setImmediate(flush);
    },
  };
}

let standardOutput: DestinationStream | undefined;

/** The process's one log destination on standard output (every app and worker logger shares it). */
export function standardOutputLogDestination(): DestinationStream {
  standardOutput ??= createLogDestination(1);
  return standardOutput;
}
