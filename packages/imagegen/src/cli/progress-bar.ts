const WIDTH = 30;

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** One-line terminal progress bar, redrawn in place; prints plain lines when not a TTY. */
export function createProgressBar(out: NodeJS.WriteStream = process.stderr) {
  let lastDraw = 0;
  let started = Date.now();
  return {
    start() {
      started = Date.now();
    },
    update(label: string, received: number, total: number | undefined) {
      const now = Date.now();
      if (now - lastDraw < 100 && received !== total) return;
      lastDraw = now;
      const rate = received / Math.max((now - started) / 1000, 0.001);
      const fraction = total ? Math.min(received / total, 1) : 0;
      const filled = Math.round(fraction * WIDTH);
      const bar = total
        ? `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%`
        : '[size unknown]';
      const line = `${label} ${bar} ${megabytes(received)}${total ? ` / ${megabytes(total)}` : ''} ${megabytes(rate)}/s`;
      if (out.isTTY) out.write(`\r${line}\x1b[K`);
      else if (received === total) out.write(`${line}\n`);
    },
    done() {
      if (out.isTTY) out.write('\n');
    },
  };
}
