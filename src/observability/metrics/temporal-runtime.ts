import { Runtime } from '@temporalio/worker';
import { freePort } from './ports';

/** The SDK's series the dashboard charts (deploy/grafana/dashboards/lastro.json); a worker's scrape is tested to carry them. */
export const TEMPORAL_DASHBOARD_METRICS = [
  'temporal_worker_task_slots_available',
  'temporal_worker_task_slots_used',
  'temporal_workflow_task_schedule_to_start_latency_bucket',
  'temporal_sticky_cache_size',
  'temporal_num_pollers',
] as const;

/** Reads the Temporal SDK's own metrics (Prometheus text), to append to the process's /metrics. */
export type MetricsSource = () => Promise<string>;

/**
 * Installs the Temporal runtime with its Prometheus exporter on a free loopback port (worker task
 * slots, poll and schedule-to-start latencies, sticky cache…), durations in seconds. The exporter
 * stays private: the operator listener fetches it and appends it to /metrics, so one scrape gets
 * both. Must run before the process's first NativeConnection (Runtime.install refuses after).
 */
export async function installTemporalRuntimeMetrics(): Promise<MetricsSource> {
  const bindAddress = `127.0.0.1:${await freePort()}`;
  Runtime.install({ telemetryOptions: { metrics: { prometheus: { bindAddress, useSecondsForDurations: true } } } });
  return async () => {
    try {
      const res = await fetch(`http://${bindAddress}/metrics`, { signal: AbortSignal.timeout(2_000) });
      return res.ok ? await res.text() : '';
    } catch {
      // The worker's own series still answer when the SDK's exporter does not.
      return '';
    }
  };
}
