import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { resolveVaultKey, type VaultKey } from '../cards/card-vault.key';
import { createCieloAcquirer, type CieloAcquirer } from './cards/cielo';
import type { CardConnection } from './connections/card-connection';
import { cardConnectionById, cardConnectionOf } from './connections/card-connections.service';
import { allPixConnections, pixConnectionById, pixConnectionOf } from './connections/processor-connections.service';
import type { PixConnection } from './connections/pix-connection';
import { activeConnectionRows } from './connections/connection-rows';
import { createApiPixPsp, type ApiPixPsp } from './pix/api-pix';
import type { PixPsp } from './pix/pix-psp.port';
import type { PayoutConnection } from './connections/payout-connection';
import { payoutConnectionById, payoutConnectionOf } from './connections/payout-connections.service';
import { createEfiPayoutProvider } from './payouts/efi';
import type { PayoutProvider } from './payouts/payout-provider.port';
import type { BoletoConnection } from './connections/boleto-connection';
import { allBoletoConnections, boletoConnectionById, boletoConnectionOf } from './connections/boleto-connections.service';
import { createBbCobrancaIssuer, type BbCobrancaIssuer } from './boletos/bb-cobranca';
import type { BoletoIssuer } from './boletos/boleto-issuer.port';

/** A company's Pix rail: its connection (the PSP account and key) and the adapter that speaks to it. */
export interface PixRail {
  connection: PixConnection;
  psp: PixPsp;
}

/** A company's card rail: its connection (the acquirer's store) and the adapter that speaks to it. */
export interface CardRail {
  connection: CardConnection;
  acquirer: CieloAcquirer;
}

/** A company's boleto rail: its connection (the issuer's beneficiary contract) and the adapter that speaks to it. */
export interface BoletoRail {
  connection: BoletoConnection;
  issuer: BoletoIssuer;
}

/** A company's payout rail: its connection (the provider account) and the adapter that speaks to it. */
export interface PayoutRail {
  connection: PayoutConnection;
  provider: PayoutProvider;
}

/**
 * Resolves a company's processors per request, from its connection rows or the deployment's
 * default (src/processors/connections). An adapter is kept per connection until it changes, so a PSP's
 * OAuth2 token is reused across requests and a reconnected company gets a new adapter at once.
 */
/** A company's payment rails for one request, resolved from one read of its connection rows (`railsOf`). */
export interface CompanyRails {
  pix(): Promise<PixRail>;
  card(): Promise<CardRail>;
  boleto(): Promise<BoletoRail>;
}

export interface Processors {
  /** The company's Pix, card and boleto rails for one request: its connection rows read once, when a rail is first asked for. */
  railsOf(em: EntityManager, company: { id: string; mode: 'sandbox' | 'production' }): CompanyRails;
  /** The company's Pix rail; 409 processor_not_configured when it has none. */
  pixFor(em: EntityManager, company: { id: string; mode: 'sandbox' | 'production' }): Promise<PixRail>;
  /** The rail of a connection by id (`default`: the deployment's); null when it is gone. */
  pixById(em: EntityManager, connectionId: string): Promise<PixRail | null>;
  /** Every Pix connection (the deployment's default first): what the reconciliation run walks. */
  allPix(em: EntityManager): Promise<PixRail[]>;
  /** The company's card rail; 409 processor_not_configured when it has none. */
  cardFor(em: EntityManager, company: { id: string; mode: 'sandbox' | 'production' }): Promise<CardRail>;
  /** The card rail of a connection by id (`default`: the deployment's); null when it is gone. */
  cardById(em: EntityManager, connectionId: string): Promise<CardRail | null>;
  /** The company's payout rail (withdrawals, boleto refund transfers); 409 processor_not_configured when it has none. */
  payoutFor(em: EntityManager, company: { id: string }): Promise<PayoutRail>;
  /** The payout rail of a connection by id (`default`: the deployment's); null when it is gone. */
  payoutById(em: EntityManager, connectionId: string): Promise<PayoutRail | null>;
  /** The company's boleto rail; 409 processor_not_configured when it has none. */
  boletoFor(em: EntityManager, company: { id: string }): Promise<BoletoRail>;
  /** The boleto rail of a connection by id (`default`: the deployment's); null when it is gone. */
  boletoById(em: EntityManager, connectionId: string): Promise<BoletoRail | null>;
  /** Every boleto connection (the deployment's default first): what the reconciliation run walks. */
  allBoletos(em: EntityManager): Promise<BoletoRail[]>;
}

/**
 * One adapter per connection, kept until the connection's version changes; then the replaced
 * one is closed, its keep-alive connections with it (calls in flight finish first).
 */
function adapterKeeper<C extends { id: string; version: string }, A extends { close(): Promise<void> }>(create: (connection: C) => A): (connection: C) => A {
  const kept = new Map<string, { version: string; adapter: A }>();
  return (connection) => {
    const current = kept.get(connection.id);
    if (current?.version === connection.version) return current.adapter;
    void current?.adapter.close().catch(() => undefined);
    const adapter = create(connection);
    kept.set(connection.id, { version: connection.version, adapter });
    return adapter;
  };
}

export function createProcessors(config: Config): Processors {
  let vaultKey: VaultKey | undefined;
  const key = () => (vaultKey ??= resolveVaultKey(config));
  const pspOf = adapterKeeper<PixConnection, ApiPixPsp>(createApiPixPsp);
  const rail = (connection: PixConnection): PixRail => ({ connection, psp: pspOf(connection) });
  const acquirerOf = adapterKeeper<CardConnection, CieloAcquirer>((connection) => createCieloAcquirer(connection));
  const cardRail = (connection: CardConnection): CardRail => ({ connection, acquirer: acquirerOf(connection) });
  const providerOf = adapterKeeper<PayoutConnection, PayoutProvider>((connection) => createEfiPayoutProvider(connection));
  const payoutRail = (connection: PayoutConnection): PayoutRail => ({ connection, provider: providerOf(connection) });
  const issuerOf = adapterKeeper<BoletoConnection, BbCobrancaIssuer>((connection) => createBbCobrancaIssuer(connection));
  const boletoRail = (connection: BoletoConnection): BoletoRail => ({ connection, issuer: issuerOf(connection) });
  return {
    railsOf(em, company) {
      const active = activeConnectionRows(em, company.id);
      return {
        pix: async () => rail(await pixConnectionOf(em, key, config, company, active)),
        card: async () => cardRail(await cardConnectionOf(em, key, config, company, active)),
        boleto: async () => boletoRail(await boletoConnectionOf(em, key, config, company, active)),
      };
    },
    boletoFor: async (em, company) => boletoRail(await boletoConnectionOf(em, key, config, company)),
    async boletoById(em, connectionId) {
      const connection = await boletoConnectionById(em, key, config, connectionId);
      return connection ? boletoRail(connection) : null;
    },
    allBoletos: async (em) => (await allBoletoConnections(em, key, config)).map(boletoRail),
    pixFor: async (em, company) => rail(await pixConnectionOf(em, key, config, company)),
    async pixById(em, connectionId) {
      const connection = await pixConnectionById(em, key, config, connectionId);
      return connection ? rail(connection) : null;
    },
    allPix: async (em) => (await allPixConnections(em, key, config)).map(rail),
    cardFor: async (em, company) => cardRail(await cardConnectionOf(em, key, config, company)),
    async cardById(em, connectionId) {
      const connection = await cardConnectionById(em, key, config, connectionId);
      return connection ? cardRail(connection) : null;
    },
    payoutFor: async (em, company) => payoutRail(await payoutConnectionOf(em, key, config, company)),
    async payoutById(em, connectionId) {
      const connection = await payoutConnectionById(em, key, config, connectionId);
      return connection ? payoutRail(connection) : null;
    },
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
