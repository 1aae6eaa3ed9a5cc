import type { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { WITHDRAWAL_STAGE_ATTRIBUTE } from '../../workflows/withdrawals/withdrawal.contract';

const GRPC_ALREADY_EXISTS = 6;

/**
 * Registers the `WithdrawalStage` Keyword search attribute on a namespace (idempotent). A
 * server that lacks it fails every withdrawal workflow task that upserts it, so whatever
 * starts a server without `--search-attribute WithdrawalStage=Keyword` calls this first.
 */
export async function registerWithdrawalSearchAttributes(connection: Pick<Connection, 'operatorService'>, namespace: string): Promise<void> {
  try {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: { [WITHDRAWAL_STAGE_ATTRIBUTE.name]: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD },
    });
  } catch (err) {
    if ((err as { code?: number }).code !== GRPC_ALREADY_EXISTS) throw err;
  }
}
