import { readFileSync } from 'node:fs';

/** "127.1.2.3" → the little-endian hex /proc/net/tcp uses ("0302017F"). */
function hexIp(ip: string): string {
  return ip
    .split('.')
    .map((n) => Number(n).toString(16).padStart(2, '0').toUpperCase())
    .reverse()
    .join('');
}

/**
 * Established TCP connections towards ip:port as the kernel sees them (client side: the remote end
 * is the server), across every process on this machine. A closed socket leaves ESTABLISHED at
 * once, unlike a server's own counter, which only learns of the close when it reads it.
 */
export function establishedTo(ip: string, port: number): number {
  const target = `${hexIp(ip)}:${port.toString(16).padStart(4, '0').toUpperCase()}`;
  // Not an atomic read: a socket may show twice while the table changes; count local addresses once.
  const seen = new Set<string>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[2] === target && f[3] === '01') seen.add(f[1]);
  }
  return seen.size;
}

/**
 * Samples `establishedTo` every few milliseconds until stopped. `max` is the most seen in one sample;
 * `sustained` the most seen in two samples in a row. /proc/net/tcp is not read atomically: a socket
 * closing and the next one opening during one read can both be listed (one sample reads 1 high), while
 * connections really open together stay so for many samples.
 */
export function watchEstablished(ip: string, port: number, everyMs = 5) {
  let max = 0;
  let sustained = 0;
  let previous = 0;
  let samples = 0;
  const timer = setInterval(() => {
    const now = establishedTo(ip, port);
    max = Math.max(max, now);
    sustained = Math.max(sustained, Math.min(now, previous));
    previous = now;
    samples++;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { max, sustained, samples };
    },
  };
}
