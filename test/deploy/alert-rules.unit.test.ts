/**
 * Lastro's Prometheus alert rules: the rules file the compose Prometheus loads and the
 * PrometheusRule for Kubernetes hold the same groups, every expression names only metrics the
 * API or the worker exports, and each alert is documented for the operator who gets it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments, parseDocument } from 'yaml';
import { exposedSeriesNames, promqlMetricNames } from './metric-names';

const root = resolve(__dirname, '..', '..');
const RULES_FILE = 'deploy/prometheus/rules/lastro.rules.yml';
const PROMETHEUS_RULE = 'deploy/k8s/monitoring/prometheus-rule.yaml';

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Group {
  name: string;
  rules: Rule[];
}

function strictYaml(path: string): any {
  const doc = parseDocument(readFileSync(join(root, path), 'utf8'));
  expect([...doc.errors, ...doc.warnings].map(String)).toEqual([]);
  return doc.toJS();
}

const groups: Group[] = strictYaml(RULES_FILE).groups;
const rules = groups.flatMap((g) => g.rules);

/** The names an expression uses that the processes do not export. */
function unknownNames(expr: string, known: Set<string>): string[] {
  return promqlMetricNames(expr).filter((name) => !known.has(name));
}

describe('alert rules', () => {
  it('alert on each condition the platform team watches', () => {
    const exprs = rules.map((r) => r.expr).join('\n');
    for (const metric of [
      'lastro_http_requests_total{status_class="5xx"}',
      'lastro_http_request_duration_seconds_bucket',
      'lastro_outbox_lag_seconds',
      'lastro_webhook_backlog_all',
      'temporal_workflow_task_schedule_to_start_latency_bucket',
      'temporal_worker_task_slots_available',
      'lastro_pix_reconciliation_pix_total',
      'lastro_pix_reconciliation_windows_total',
      'lastro_pix_reconciliation_last_success_timestamp_seconds',
    ]) {
      expect({ metric, used: exprs.includes(metric) }).toEqual({ metric, used: true });
    }
  });

  it('name only metrics the API or the worker exports', async () => {
    const known = await exposedSeriesNames();
    for (const rule of rules) {
      const used = promqlMetricNames(rule.expr);
      expect({ alert: rule.alert, usesMetrics: used.length > 0 }).toEqual({ alert: rule.alert, usesMetrics: true });
      expect({ alert: rule.alert, unknown: unknownNames(rule.expr, known) }).toEqual({ alert: rule.alert, unknown: [] });
    }
  });

  it('the name check catches a name nobody exports, and ignores functions, labels and keywords', async () => {
    const known = await exposedSeriesNames();
    expect(unknownNames('sum by (instance) (rate(lastro_http_requests_totl{status_class="5xx"}[5m])) > 0', known)).toEqual(['lastro_http_requests_totl']);
    expect(unknownNames('temporal_worker_slots_free == 0', known)).toEqual(['temporal_worker_slots_free']);
    expect(
      promqlMetricNames('histogram_quantile(0.99, sum by (le, route) (rate(a_bucket{x="y z"}[5m]))) / on(instance) group_left b and bool c offset 5m > 1e3'),
    ).toEqual(['a_bucket', 'b', 'c']);
  });

  it('are alerts with a severity, a wait where a blip is normal, a summary and a description', () => {
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^Lastro[A-Z][A-Za-z0-9]+$/);
      expect(['critical', 'warning']).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary).toEqual(expect.any(String));
      expect(rule.annotations?.description).toMatch(/docs\/operations\.md/);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
      // Balanced brackets: a cut expression would be refused by Prometheus at load.
      for (const [open, close] of ['()', '{}', '[]']) expect(rule.expr.split(open).length).toBe(rule.expr.split(close).length);
    }
  });

  it('are each explained in docs/operations.md', () => {
    const docs = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    for (const rule of rules) expect({ alert: rule.alert, documented: docs.includes(`\`${rule.alert}\``) }).toEqual({ alert: rule.alert, documented: true });
  });
});

describe('where the rules are loaded', () => {
  it('the compose Prometheus loads the rules file from its mount', () => {
    const compose = parseDocument(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }).toJS();
    const volumes: string[] = compose.services.prometheus.volumes;
    const mount = volumes.map((v) => v.split(':')).find(([source]) => source === './deploy/prometheus/rules');
    expect(mount).toBeDefined();
    const ruleFiles: string[] = strictYaml('deploy/prometheus/prometheus.yml').rule_files;
    expect(ruleFiles).toEqual([`${mount![1]}/*.yml`]);
    expect(RULES_FILE.endsWith('.yml')).toBe(true);
  });

  it('the PrometheusRule carries exactly the rules file\'s groups', () => {
    const docs = parseAllDocuments(readFileSync(join(root, PROMETHEUS_RULE), 'utf8'));
    const list = Array.isArray(docs) ? docs : [docs];
    expect(list).toHaveLength(1);
    expect([...list[0].errors, ...list[0].warnings].map(String)).toEqual([]);
    const resource = list[0].toJS();
    expect(resource.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(resource.kind).toBe('PrometheusRule');
    expect(resource.metadata.labels['app.kubernetes.io/part-of']).toBe('lastro');
    expect(resource.spec.groups).toEqual(groups);
  });
});
