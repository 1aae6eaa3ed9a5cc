export { createApiPixPsp, type ApiPixPsp } from './api-pix.psp';
export type { ApiPixConnection, ApiPixOptions } from './api-pix.connection';
