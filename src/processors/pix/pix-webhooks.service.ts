import { pixCallbackUrl } from '../connections/processor-connections.rules';
import type { PixRail } from '../processors';

/**
 * Registers the connection's callback URL for its key at the PSP (`PUT /webhook/{chave}`),
 * unless that URL is registered already. Answers whether it had to register.
 */
export async function registerPixWebhook(rail: PixRail, publicBaseUrl: string): Promise<boolean> {
  const url = pixCallbackUrl(publicBaseUrl, rail.connection);
  if ((await rail.psp.getWebhook(rail.connection.chave)) === url) return false;
  await rail.psp.registerWebhook(rail.connection.chave, url);
  return true;
}
