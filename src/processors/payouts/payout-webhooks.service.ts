import { payoutCallbackUrl } from '../connections/payout-connection';
import type { PayoutRail } from '../processors';

/** Registers the connection's callback URL for its key at the provider, unless it is there already. Answers whether it had to. */
export async function registerPayoutWebhook(rail: PayoutRail, publicBaseUrl: string): Promise<boolean> {
  const url = payoutCallbackUrl(publicBaseUrl, rail.connection);
  if ((await rail.provider.getWebhook()) === url) return false;
  await rail.provider.registerWebhook(url);
  return true;
}
