import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { resolveVaultKey, type VaultKey } from '../cards/card-vault.key';
import { allPixConnections, pixConnectionById, pixConnectionOf } from './connections/processor-connections.service';
import type { PixConnection } from './connections/pix-connection';
import { createApiPixPsp, type ApiPixPsp } from './pix/api-pix';
import type { PixPsp } from './pix/pix-psp.port';

/** A company's Pix rail: its connection (the PSP account and key) and the adapter that speaks to it. */
export interface PixRail {
  connection: PixConnection;
  psp: PixPsp;
}

/**
 * Resolves a company's processors per request, from its connection rows or the deployment's
 * default (src/processors/connections). An adapter is kept per connection until it changes, so a PSP's
 * OAuth2 token is reused across requests and a reconnected company gets a new adapter at once.
 */
export interface Processors {
  /** The company's Pix rail; 409 processor_not_configured when it has none. */
  pixFor(em: EntityManager, company: { id: string; mode: 'sandbox' | 'production' }): Promise<PixRail>;
  /** The rail of a connection by id (`default`: the deployment's); null when it is gone. */
  pixById(em: EntityManager, connectionId: string): Promise<PixRail | null>;
  /** Every Pix connection (the deployment's default first): what the reconciliation run walks. */
  allPix(em: EntityManager): Promise<PixRail[]>;
}

export function createProcessors(config: Config): Processors {
  let vaultKey: VaultKey | undefined;
  const key = () => (vaultKey ??= resolveVaultKey(config));
  const adapters = new Map<string, { version: string; psp: ApiPixPsp }>();
  const rail = (connection: PixConnection): PixRail => {
    const kept = adapters.get(connection.id);
    if (kept?.version === connection.version) return { connection, psp: kept.psp };
    // Reconnected: the old adapter's keep-alive connections go with it (calls in flight finish first).
    void kept?.psp.close().catch(() => undefined);
    const psp = createApiPixPsp(connection);
    adapters.set(connection.id, { version: connection.version, psp });
    return { connection, psp };
  };
  return {
    pixFor: async (em, company) => rail(await pixConnectionOf(em, key, config, company)),
    async pixById(em, connectionId) {
      const connection = await pixConnectionById(em, key, config, connectionId);
      return connection ? rail(connection) : null;
    },
    allPix: async (em) => (await allPixConnections(em, key, config)).map(rail),
  };
}

const perConfig = new WeakMap<Config, Processors>();

/** The processors of a process: one resolver per configuration (the API's and the worker's deps share theirs). */
export function processorsOf(deps: { config: Config }): Processors {
  let processors = perConfig.get(deps.config);
  if (!processors) {
    processors = createProcessors(deps.config);
    perConfig.set(deps.config, processors);
  }
  return processors;
}
