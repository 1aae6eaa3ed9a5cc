export { createCieloAcquirer, type CieloAcquirer, type CieloRefundRequest } from './cielo.acquirer';
export type { CieloConnection, CieloOptions } from './cielo.connection';
export { CieloAcquirerError } from './errors';
