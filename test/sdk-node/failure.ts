import type { LastroError } from '../../src/sdk-node/index';

/** What `p` rejected with (it must reject): the client's errors are LastroError subclasses. */
export async function failure(p: PromiseLike<unknown>): Promise<LastroError> {
  try {
    await p;
  } catch (err) {
    return err as LastroError;
  }
  throw new Error('expected a rejection');
}
