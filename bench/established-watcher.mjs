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
const timer = setInterval(() => {
  // /proc/net/tcp is not read atomically: a socket can show twice in one read while the table
  // changes, so sockets are counted once each by their local address.
  const now = keys.map(() => new Set());
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[3] !== '01') continue;
    const i = keys.indexOf(f[2]);
    if (i >= 0) now[i].add(f[1]);
  }
  for (let i = 0; i < max.length; i++) max[i] = Math.max(max[i], now[i].size);
  samples++;
}, 5);
process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(timer);
  process.stdout.write(JSON.stringify({ max, samples }));
  process.exit(0);
});
