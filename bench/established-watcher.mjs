// Samples the kernel's established TCP sockets towards the given ip:port targets (client side),
// in its own process so that reading /proc/net/tcp never stalls the engine being measured.
// argv: JSON [{ip, port}]; prints JSON { max: number[], samples } when its stdin closes.
import { readFileSync } from 'node:fs';

const targets = JSON.parse(process.argv[2]);
const hex = (ip) =>
  ip
    .split('.')
    .map((n) => Number(n).toString(16).padStart(2, '0').toUpperCase())
    .reverse()
    .join('');
const keys = targets.map((t) => `${hex(t.ip)}:${t.port.toString(16).padStart(4, '0').toUpperCase()}`);
const max = keys.map(() => 0);
let samples = 0;
// Established sockets per target, by local address.
const read = () => {
  const now = keys.map(() => new Set());
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[3] !== '01') continue;
    const i = keys.indexOf(f[2]);
    if (i >= 0) now[i].add(f[1]);
  }
  return now;
};
let confirmed = 0;
const timer = setInterval(() => {
  // /proc/net/tcp is not read atomically: while the table changes, a socket that closes and the next
  // one that opens can both show in one read. A sample above the maximum so far is therefore read
  // again at once and only the sockets established in both reads count: a real extra connection
  // (it lasts a whole session) is in both, a read's artefact is not.
  const now = read();
  if (now.some((set, i) => set.size > max[i])) {
    const again = read();
    confirmed++;
    for (let i = 0; i < max.length; i++) {
      const both = [...now[i]].filter((a) => again[i].has(a)).length;
      max[i] = Math.max(max[i], both);
    }
  }
  samples++;
}, 5);
process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(timer);
  process.stdout.write(JSON.stringify({ max, samples, confirmed }));
  process.exit(0);
});
