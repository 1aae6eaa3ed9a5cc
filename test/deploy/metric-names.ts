/**
 * The metric names Lastro's processes export, read from the code (the registry the operator
 * listeners serve) and, for the Temporal SDK's, from the list a real worker's scrape is checked
 * to carry (test/observability/processes.int.test.ts): what dashboards and alert rules may name.
 */
export async function exposedSeriesNames(): Promise<Set<string>> {
  const { registry, collectProcessMetrics } = await import('../../src/observability/metrics/registry');
  await import('../../src/observability/metrics/http');
  await import('../../src/observability/metrics/business');
  await import('../../src/observability/metrics/webhooks');
  await import('../../src/observability/metrics/reconciliation');
  const { registerDatabaseGauges } = await import('../../src/observability/metrics/database-gauges');
  const { TEMPORAL_DASHBOARD_METRICS } = await import('../../src/observability/metrics/temporal-runtime');
  registerDatabaseGauges(async () => []);
  collectProcessMetrics('api');
  const names = new Set<string>(TEMPORAL_DASHBOARD_METRICS);
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${m.name}${suffix}`);
  }
  return names;
}

const GROUPING = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g;
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/**
 * The metric names a PromQL expression selects: identifiers that are not functions (followed
 * by `(`), keywords, label names (inside `{}` or a grouping clause), strings or durations.
 */
export function promqlMetricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(GROUPING, '');
  const names = new Set<string>();
  for (const m of bare.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:]|\s*\()/g)) {
    if (!KEYWORDS.has(m[1].toLowerCase())) names.add(m[1]);
  }
  return [...names];
}
