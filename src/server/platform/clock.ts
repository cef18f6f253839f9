import { readFileSync } from 'node:fs';
/** Time source. Production uses the wall clock; tests pass one they can move (trial expiry, sessions). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function movableClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  const clock = (() => new Date(now)) as Clock & { advance(ms: number): void; set(d: Date): void };
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (d) => {
    now = d.getTime();
  };
  return clock;
}

/**
 * Browser journeys only (NODE_ENV=test, TEST_CLOCK_FILE): the wall clock plus the milliseconds written
 * in the file, read at each call, so a journey can turn the hour in a server it runs as a child process.
 */
export function offsetFileClock(file: string): Clock {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      // No file yet: no offset.
    }
    return new Date(Date.now() + offset);
  };
}
