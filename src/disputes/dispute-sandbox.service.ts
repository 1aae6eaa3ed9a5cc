import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { conflict, notFound } from '../http/errors';
import { decideChargebackInSandbox } from '../payments/sandbox-card-chargeback';
import { processorsOf } from '../processors/processors';
import type { DisputeOutcome } from './dispute.rules';

/**
 * Sandbox: the issuer decides a dispute at the embedded acquirer, which records the outcome on
 * its chargeback and notifies Lastro as Cielo does; the notice books it (never booked here).
 * `companyId` scopes the lookup (the API's caller); null is an operator's (`lastro disputes
 * sandbox-outcome`). 404 in production, 409 once decided or without its acquirer connection.
 */
export async function decideDisputeInSandbox(em: EntityManager, config: Config, input: { companyId: string | null; disputeId: string; outcome: DisputeOutcome }): Promise<void> {
  if (config.mode === 'production') throw notFound('Route');
  const [row] = await em.execute<Array<{ processor_connection_id: string | null; sale_reference: string; case_number: string; status: string }>>(
    `select processor_connection_id, sale_reference, case_number, status from disputes where id = ? and (?::text is null or company_id = ?)`,
    [input.disputeId, input.companyId, input.companyId],
  );
  if (!row) throw notFound('Dispute');
  if (row.status === 'won' || row.status === 'lost') throw conflict('dispute_already_decided', `The dispute is ${row.status}`);
  const rail = row.processor_connection_id ? await processorsOf({ config }).cardById(em, row.processor_connection_id) : null;
  if (!rail) throw conflict('processor_not_configured', 'The acquirer connection this dispute came from is gone');
  await decideChargebackInSandbox(rail.connection, row.sale_reference, row.case_number, input.outcome);
}
