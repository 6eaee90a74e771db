const WIDTH = 30;

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** 75 → "1:15", 3700 → "1:01:40". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const parts = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const [h, m, sec] = parts as [number, number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

export interface ProgressSample {
  label: string;
  received: number;
  total: number | undefined;
  /** Bytes already there when this file's transfer started (a resumed download). */
  startReceived: number;
  elapsedMs: number;
}

/** One line: bar, percentage, bytes, speed of this transfer and the time it still needs. */
export function formatProgress(sample: ProgressSample): string {
  const { label, received, total } = sample;
  const seconds = Math.max(sample.elapsedMs / 1000, 0.001);
  const rate = Math.max(received - sample.startReceived, 0) / seconds;
  const fraction = total ? Math.min(received / total, 1) : 0;
  const filled = Math.round(fraction * WIDTH);
  const bar = total
    ? `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%`
    : '[size unknown]';
  const eta =
    total && received < total
      ? rate > 0
        ? ` ${formatDuration((total - received) / rate)} left`
        : ' --:-- left'
      : '';
  return `${label} ${bar} ${megabytes(received)}${total ? ` / ${megabytes(total)}` : ''} ${megabytes(rate)}/s${eta}`;
}

/** One-line terminal progress bar, redrawn in place; prints plain lines when not a TTY. */
export function createProgressBar(out: NodeJS.WriteStream = process.stderr) {
  let lastDraw = 0;
  let started = Date.now();
  let startReceived: number | undefined;
  return {
    start() {
      started = Date.now();
      startReceived = undefined;
    },
    update(label: string, received: number, total: number | undefined) {
      startReceived ??= received;
      const now = Date.now();
      if (now - lastDraw < 100 && received !== total) return;
      lastDraw = now;
      const line = formatProgress({
        label,
        received,
        total,
        startReceived,
        elapsedMs: now - started,
      });
      if (out.isTTY) out.write(`\r${line}\x1b[K`);
      else if (received === total) out.write(`${line}\n`);
    },
    done() {
      if (out.isTTY) out.write('\n');
    },
  };
}
