import { diag } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * The process's tracing, once started. Kept apart from the SDK set-up so the hooks in shared
 * files (Temporal client and worker, logger, request id) ask one cheap question, "on?", and
 * load nothing of the SDK when the answer is no.
 */
export interface ActiveTracing {
  serviceName: string;
  resource: Resource;
  /** The exporting processor; workflow spans, made in the sandbox, are handed to it by a sink. */
  processor: SpanProcessor;
  shutdown(): Promise<void>;
}

let active: ActiveTracing | undefined;

export function activeTracing(): ActiveTracing | undefined {
  return active;
}

export function setActiveTracing(tracing: ActiveTracing): void {
  active = tracing;
}

/**
 * Exports what is still buffered and stops; a process calls it last, before it exits. A failed
 * last export (collector gone) is reported, never thrown: it must not turn a clean stop into a crash.
 */
export async function stopTracing(): Promise<void> {
  const tracing = active;
  active = undefined;
  await tracing?.shutdown().catch((err: Error) => diag.error(`the last spans were not exported: ${err.message}`));
}
