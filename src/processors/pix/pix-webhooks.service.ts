import type { PixConnection } from '../connections/pix-connection';
import type { PixRail } from '../processors';

/**
 * The URL a connection's PSP calls back (it appends `/pix`): the connection id and its callback
 * secret in the path (src/processors/pix/pix-callbacks.routes.ts). A secret: shown to the
 * operator once and sent to the PSP, never logged.
 */
export const pixCallbackUrl = (publicBaseUrl: string, connection: Pick<PixConnection, 'id' | 'callbackSecret'>): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}/processors/pix/callbacks/${connection.id}/${connection.callbackSecret}`;

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
