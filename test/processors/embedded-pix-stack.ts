import { embeddedPixPspEnv } from '../../src/dev/embedded-pix-psp';
import { processorsOf } from '../../src/processors/processors';
import { registerPixWebhook } from '../../src/processors/pix/pix-webhooks.service';
import { useTestStack, type UseTestStackOptions } from '../helpers/stack';
import { startEmbeddedPix, type EmbeddedPixProcess } from './embedded-pix-process';

/**
 * A test file's stack with an embedded Pix PSP of its own (a process, started in beforeAll) as the
 * deployment's default Pix connection. A PSP holds one mandate callback URL per receiving user, so
 * each file that receives Pix Automático callbacks brings its own. Its callbacks (Pix, mandates)
 * are registered to the stack, as the operator does when connecting it, before the file's `setup`.
 * `psp` is filled in by that beforeAll: read it inside a hook or a test.
 */
export function useEmbeddedPixStack<const C extends string>(options: Omit<UseTestStackOptions<C>, 'env'> & { env?: Record<string, string> }) {
  const psp = {} as EmbeddedPixProcess;
  beforeAll(async () => {
    Object.assign(psp, await startEmbeddedPix(['--webhook-retry-base-ms', '100']));
  }, 60_000);
  afterAll(() => psp.stop?.());

  const t = useTestStack({
    ...options,
    env: () => ({ ...embeddedPixPspEnv(psp.info), ...options.env }),
    async setup(t) {
      await registerPixWebhook((await processorsOf(t.stack.deps).pixById(t.stack.em(), 'default'))!, t.stack.baseUrl);
      await options.setup?.(t);
    },
  });
  /** The PSP's id of a Lastro mandate (`billing_mandates.psp_mandate_id`). */
  const pspMandateIdOf = async (mandateId: string): Promise<string> =>
    (await t.stack.em().execute<{ psp_mandate_id: string }[]>(`select psp_mandate_id from billing_mandates where id = ?`, [mandateId]))[0].psp_mandate_id;
  return { t, psp, pspMandateIdOf };
}
