import { pixCallbackUrl } from '../connections/processor-connections.rules';
import type { PixRail } from '../processors';

/**
 * Registers the connection's callback URL at the PSP: for its key (`PUT /webhook/{chave}`) and,
 * when the PSP offers Pix Automático, for its mandates and their charges (`PUT /webhookrec`,
 * `PUT /webhookcobr`: the PSP appends `/rec` and `/cobr`), each unless that URL is registered
 * already. Answers whether it had to register anything.
 */
export async function registerPixWebhook(rail: PixRail, publicBaseUrl: string): Promise<boolean> {
  const url = pixCallbackUrl(publicBaseUrl, rail.connection);
  let registered = false;
  if ((await rail.psp.getWebhook(rail.connection.chave)) !== url) {
    await rail.psp.registerWebhook(rail.connection.chave, url);
    registered = true;
  }
  const mandates = rail.psp.mandates;
  if (mandates) {
    const current = await mandates.getMandateWebhooks();
    if (current.mandates !== url || current.charges !== url) {
      await mandates.registerMandateWebhooks(url);
      registered = true;
    }
  }
  return registered;
}
