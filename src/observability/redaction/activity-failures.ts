import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, ActivityInterceptorsFactory, Next } from '@temporalio/worker';
import { carriesDatabaseError, sanitizeError } from './errors';

/**
 * An activity that fails on a database error fails with the safe copy of it (sanitizeError):
 * the Temporal failure the server stores in the workflow's history (message, stack, cause),
 * the SDK's "Activity failed" log line and the activity span's exception event all come from
 * the error thrown here, and would otherwise carry the statement with its values and the
 * row in `detail`. The error's name stays, so retry policies keyed on it see the same type.
 *
 * Innermost of the worker's activity interceptors, so the tracing one sees the safe error too.
 */
class DatabaseErrorsWithoutValues implements ActivityInboundCallsInterceptor {
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    try {
      return await next(input);
    } catch (err) {
      throw carriesDatabaseError(err) ? sanitizeError(err) : err;
    }
  }
}

export const databaseErrorsWithoutValues: ActivityInterceptorsFactory = () => ({ inbound: new DatabaseErrorsWithoutValues() });
