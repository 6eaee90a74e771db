import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../lib/server-root';
import { enableProcessMetrics, processRegistry } from '../process-metrics/process-metrics';
import { createServiceGauges } from './service-gauges';

const readDoc = (file: string) => readFileSync(path.join(REPO_ROOT, 'docs', file), 'utf8');

/** Every series name the server exports: each family, and a histogram's three series. */
function exportedNames(): Set<string> {
  enableProcessMetrics();
  const metrics = [
    ...processRegistry.getMetricsAsArray(),
    ...createServiceGauges().registry.getMetricsAsArray(),
  ];
  return new Set(
    metrics.flatMap(({ name, type }) =>
      String(type) === 'histogram'
        ? [name, `${name}_bucket`, `${name}_sum`, `${name}_count`]
        : [name],
    ),
  );
}

/** The metric names a PromQL expression reads (labels' values and functions aside). */
function namesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...withoutStrings.matchAll(/\b(?:nocturne|process|nodejs)_[a-z0-9_]+\b/g)].map(
    ([name]) => name,
  );
}

function expectBalanced(expr: string) {
  let depth = 0;
  for (const char of expr) {
    if ('({['.includes(char)) depth += 1;
    if (')}]'.includes(char)) depth -= 1;
    expect(depth, expr).toBeGreaterThanOrEqual(0);
  }
  expect(depth, expr).toBe(0);
}

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string; refId: string }[];
}

describe('docs/grafana and docs/prometheus use only metrics the server exports', () => {
  const exported = exportedNames();

  it('the Grafana dashboard is JSON whose every query reads exported metrics', () => {
    const dashboard = JSON.parse(readDoc('grafana/nocturne-dashboard.json')) as {
      title: string;
      uid: string;
      panels: Panel[];
    };
    expect(dashboard.uid).toBeTruthy();
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThan(10);
    for (const expr of exprs) {
      expectBalanced(expr);
      expect(namesIn(expr).length, expr).toBeGreaterThan(0);
      for (const name of namesIn(expr)) expect(exported, `${name} in ${expr}`).toContain(name);
    }
    // And the other way round: every metric of Nocturne's own has a panel.
    const used = new Set(
      exprs.flatMap(namesIn).map((name) => name.replace(/_(bucket|sum|count)$/, '')),
    );
    const own = [...exported].filter((name) => name.startsWith('nocturne_'));
    for (const name of own.filter((n) => !/_(bucket|sum|count)$/.test(n))) {
      expect(used, name).toContain(name);
    }
  });

  it('the alert rules are a Prometheus rule file whose every rule reads exported metrics', () => {
    const file = parse(readDoc('prometheus/alerts.yml')) as {
      groups: { name: string; rules: Record<string, unknown>[] }[];
    };
    const rules = file.groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'NocturneQueueWaitHigh',
        'NocturneGenerationFailureRateHigh',
        'NocturneNoWorkerForModel',
        'NocturnePaymentsReconcileBacklog',
      ]),
    );
    for (const rule of rules) {
      expect(Object.keys(rule).sort()).toEqual(['alert', 'annotations', 'expr', 'for', 'labels']);
      expect(rule.alert).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(rule.for).toMatch(/^\d+[smh]$/);
      const expr = rule.expr as string;
      expectBalanced(expr);
      for (const name of namesIn(expr)) expect(exported, `${name} in ${expr}`).toContain(name);
    }
  });
});
