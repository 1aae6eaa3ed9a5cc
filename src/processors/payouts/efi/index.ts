export { createEfiPayoutProvider, type EfiPayoutProvider } from './efi.provider';
export { EFI_PAYOUT_SCOPES, type EfiConnection, type EfiOptions } from './efi.connection';
