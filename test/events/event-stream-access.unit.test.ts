import type { EventSourceMessage } from 'eventsource-parser';
import { readEventStream } from '../../src/cli/commands/listen';
import { accessEnd, formatSseMessage, revokedMessage } from '../../src/events/event-stream.rules';

/**
 * When an event stream's access ends (src/events/event-stream.rules.ts): what one poll's
 * reading of the key and company means, and the `revoked` message a client reads last.
 */

describe('the access a stream was opened with', () => {
  it('lasts while both the key and the company are active', () => {
    expect(accessEnd({ keyActive: true, companyActive: true })).toBeNull();
  });

  it('ends when the key is revoked (a rotation revokes the old key too)', () => {
    expect(accessEnd({ keyActive: false, companyActive: true })).toBe('key_revoked');
  });

  it("ends when the company is deleted, whatever became of the key: the company's end is the one to tell", () => {
    expect(accessEnd({ keyActive: true, companyActive: false })).toBe('company_deleted');
    expect(accessEnd({ keyActive: false, companyActive: false })).toBe('company_deleted');
  });
});

describe('the revoked message', () => {
  async function read(text: string): Promise<EventSourceMessage[]> {
    const messages: EventSourceMessage[] = [];
    await readEventStream(
      (async function* () {
        yield text;
      })(),
      { onMessage: (m) => messages.push(m) },
    );
    return messages;
  }

  it('is an `event: revoked` without an id (a client keeps the last event id it got), saying why', async () => {
    for (const reason of ['key_revoked', 'company_deleted'] as const) {
      const [message, ...rest] = await read(formatSseMessage(revokedMessage(reason)));
      expect(rest).toEqual([]);
      expect(message).toEqual({ event: 'revoked', id: undefined, data: expect.any(String) });
      expect(JSON.parse(message.data)).toEqual({ reason, message: expect.stringMatching(reason === 'key_revoked' ? /API key .* revoked/ : /company .* deleted/) });
    }
  });
});
