import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';

const RESULTS_DIR = path.join(import.meta.dirname, 'results');

/** Said in every results file: the numbers come from a machine other work was running on. */
export const SHARED_MACHINE_NOTE =
  'The machine was shared with other work while this ran (see the load average): compare the ' +
  'ratios measured side by side in one run, not absolute numbers across files.';

/** CPU model, cores, Node and the load average now (1 / 5 / 15 min): other work skews p99 most. */
export function describeMachine(): string {
  const cpu = cpus();
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}, load average ${load} (1 / 5 / 15 min)`;
}

/** A Markdown table; columns after the first are right-aligned (numbers). */
export function markdownTable(header: string[], rows: Array<Array<string | number>>): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, index) => (index === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/** Prints the report and writes it to bench/results/<name>.md. */
export async function writeResults(name: string, lines: string[]): Promise<void> {
  const report = lines.join('\n');
  console.log(report);
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.md`);
  await writeFile(file, report.endsWith('\n') ? report : `${report}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
