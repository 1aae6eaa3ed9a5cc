export { createBbCobrancaIssuer, type BbCobrancaIssuer } from './bb-cobranca.issuer';
export type { BbCobrancaConnection, BbCobrancaOptions } from './bb-cobranca.connection';
