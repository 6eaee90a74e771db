/** One sample of a Prometheus text exposition: `name{labels} value`. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels in: ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`. */
function parseValue(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === 'nan') return NaN;
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

/**
 * Parses the text format (version 0.0.4) strictly enough for tests: every line is a HELP or TYPE
 * comment, a sample, or blank; a family's TYPE is known and comes before its samples.
 */
export function parsePrometheusText(text: string) {
  const types = new Map<string, string>();
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE' && !TYPES.has(comment[3]!)) throw new Error(`bad type: ${line}`);
      if (comment[1] === 'TYPE') types.set(comment[2]!, comment[3]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const name = match[1]!;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && !types.has(family)) throw new Error(`sample before its TYPE: ${line}`);
    samples.push({
      name,
      labels: parseLabels(match[2] ?? '', line),
      value: parseValue(match[3]!, line),
    });
  }
  return {
    types,
    samples,
    /** The sum of the samples named `name` whose labels include `labels`. */
    value(name: string, labels: Record<string, string> = {}): number {
      return samples
        .filter((sample) => sample.name === name)
        .filter((sample) => Object.entries(labels).every(([key, v]) => sample.labels[key] === v))
        .reduce((sum, sample) => sum + sample.value, 0);
    },
  };
}

export type ParsedMetrics = ReturnType<typeof parsePrometheusText>;

/** Scrapes `baseUrl`/metrics over HTTP with the bearer token and parses the answer. */
export async function scrapeMetrics(baseUrl: string, token: string): Promise<ParsedMetrics> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}`);
  return parsePrometheusText(await response.text());
}
