import type { Timing } from './measure';

export interface BenchRow {
  backend: string;
  size: number;
  label: string;
  matches: number;
  http: Timing;
  sql: Timing;
}

const ms = (value: number) => value.toFixed(2);

/** The Markdown report: machine, date, one table row per backend × gallery size × query, plans. */
export function formatResults(options: {
  rows: BenchRow[];
  plans: string[];
  notes: string[];
  machine: string;
  date: Date;
  runs: number;
}): string {
  const lines = [
    '# Favorites search benchmark',
    '',
    `${options.date.toISOString()} · ${options.machine}`,
    '',
    `GET /api/v1/favorites?q=… (first page of 20 + total) through app.inject, and the same two`,
    `queries without HTTP (SQL); ${options.runs} sequential runs each, times in ms. Written by`,
    '`npm run bench -w @nocturne/server` (bench/favorites-search.bench.ts).',
    '',
    '| backend | favorites | query | matches | HTTP p50 | HTTP p99 | SQL p50 | SQL p99 |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...options.rows.map(
      (row) =>
        `| ${row.backend} | ${row.size.toLocaleString('en')} | ${row.label} | ${row.matches} | ` +
        `${ms(row.http.p50)} | ${ms(row.http.p99)} | ${ms(row.sql.p50)} | ${ms(row.sql.p99)} |`,
    ),
    '',
    ...options.notes.map((line) => `- ${line}`),
    '',
    '## Plans at the largest gallery (EXPLAIN ANALYZE of the page, then the count)',
    '',
    ...options.plans.flatMap((plan) => [plan, '']),
  ];
  return lines.join('\n');
}
