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
