import { formatElapsed, heartbeatLine, HEARTBEAT_EVERY_MS, startHeartbeat } from '../../src/dev/heartbeat';

/** The first `npm run dev` builds the Temporal CLI for minutes: a line every 15 s says it is still at it, and for how long. */
describe('the first-run heartbeat', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('says what runs, for how long so far and how long it usually takes, every 15 s until stopped', () => {
    const lines: string[] = [];
    const heartbeat = startHeartbeat({ log: (l) => lines.push(l), label: 'building the Temporal CLI', expected: 'usually 3-6 minutes' });
    jest.advanceTimersByTime(HEARTBEAT_EVERY_MS - 1);
    expect(lines).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(lines).toEqual(['[dev] still building the Temporal CLI: 15 s so far (usually 3-6 minutes)']);
    jest.advanceTimersByTime(4 * HEARTBEAT_EVERY_MS);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('[dev] still building the Temporal CLI: 1 min 15 s so far (usually 3-6 minutes)');
    expect(heartbeat.stop()).toBe(75_000);
    jest.advanceTimersByTime(10 * HEARTBEAT_EVERY_MS);
    expect(lines).toHaveLength(5);
  });

  it('takes another period, and never keeps the process alive', () => {
    const lines: string[] = [];
    const timers = jest.spyOn(global, 'setInterval');
    const heartbeat = startHeartbeat({ log: (l) => lines.push(l), label: 'x', expected: 'y', everyMs: 1_000 });
    jest.advanceTimersByTime(3_000);
    expect(lines).toHaveLength(3);
    expect((timers.mock.results[0].value as NodeJS.Timeout).hasRef()).toBe(false);
    heartbeat.stop();
    timers.mockRestore();
  });

  it('formats the elapsed time in seconds, then minutes', () => {
    expect([0, 400, 14_600, 59_000, 60_000, 125_000, 61 * 60_000].map(formatElapsed)).toEqual(['0 s', '0 s', '15 s', '59 s', '1 min 00 s', '2 min 05 s', '61 min 00 s']);
    expect(heartbeatLine('downloading', 30_000, 'about a minute')).toBe('[dev] still downloading: 30 s so far (about a minute)');
  });
});
