import net from 'node:net';
import tls from 'node:tls';
import { checkReachability, createVerifier, verifierOptionsFromEnv } from '../server/features/verification';
import type { Config } from '../server/platform/config';

// `npm run doctor`'s checks of our side, in the words an operator acts on: what is wrong and which
// setting to change. Each reuses what the server itself runs (the resolver's canaries, checkReachability, as
// the boot's self-check); none blocks on another.

export interface Finding {
  check: 'resolver' | 'port 25' | 'relay';
  ok: boolean;
  /** What was found, in plain words; when wrong, the setting that fixes it. */
  text: string;
}

const list = (v: string | undefined) => (v ?? '').split(/[\s,]+/).filter(Boolean);

/** The resolver's canaries (DNS_CANARY_DOMAINS), asked through DNS_SERVERS exactly as a run asks them. */
export async function checkResolver(config: Config): Promise<Finding> {
  const verifier = createVerifier(verifierOptionsFromEnv(config));
  const servers = config.DNS_SERVERS || "the system's resolver";
  try {
    if (!verifier.checkResolver)
      return { check: 'resolver', ok: true, text: 'not checked (no canaries set)' };
    if (await verifier.checkResolver())
      return { check: 'resolver', ok: true, text: `${servers} answers truly` };
    const why = verifier.health().message ?? 'the canary names do not resolve';
    return {
      check: 'resolver',
      ok: false,
      text: `${why} (asked ${servers}). Set DNS_SERVERS to a resolver that answers, e.g. DNS_SERVERS=1.1.1.1,8.8.8.8.`,
    };
  } finally {
    await verifier.close();
  }
}

/** Port 25 (or SMTP_PORT), through SMTP_PROXY when set: the boot's self-check, on demand. */
export async function checkPort25(config: Config): Promise<Finding> {
  const via = config.SMTP_PROXY ? ' through SMTP_PROXY' : '';
  const domains = list(config.SMTP_SELF_CHECK_DOMAINS);
  if (domains.length === 0)
    return { check: 'port 25', ok: true, text: 'not checked (SMTP_SELF_CHECK_DOMAINS is empty)' };
  const report = await checkReachability(verifierOptionsFromEnv(config), domains);
  // As the boot's self-check reads it: no mail server looked up at all is the resolver, not port 25.
  if (!report.tried.some((t) => t.ip !== null)) {
    return { check: 'port 25', ok: false, text: 'no mail server could be looked up: fix the resolver first' };
  }
  if (report.ok) return { check: 'port 25', ok: true, text: `mail servers are reachable${via}` };
  const fix = config.SMTP_PROXY
    ? 'Check that SMTP_PROXY is up and allows port 25.'
    : 'Open outbound port 25 on this machine, or set SMTP_PROXY to a SOCKS proxy that may use it.';
  return { check: 'port 25', ok: false, text: `${report.message}${via}. ${fix}` };
}

/** SMTP_RELAY_URL (the mail we send, e.g. invitations): does it answer with a 220 greeting? */
export async function checkRelay(config: Config, timeoutMs = 10_000): Promise<Finding> {
  if (!config.SMTP_RELAY_URL) {
    return {
      check: 'relay',
      ok: true,
      text: 'not set: invitations and reset links are shown to copy instead',
    };
  }
  const url = new URL(config.SMTP_RELAY_URL);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  const where = `${url.hostname}:${port}`;
  try {
    const greeting = await greet(url.hostname, port, secure, timeoutMs);
    if (greeting.startsWith('220')) return { check: 'relay', ok: true, text: `${where} answers` };
    return { check: 'relay', ok: false, text: `${where} answered "${greeting}". Check SMTP_RELAY_URL.` };
  } catch (err) {
    return { check: 'relay', ok: false, text: `${where}: ${(err as Error).message}. Check SMTP_RELAY_URL.` };
  }
}

/** The server's first line, then QUIT. */
function greet(host: string, port: number, secure: boolean, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = secure ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    socket.once('error', reject);
    socket.once('data', (chunk) => {
      resolve(chunk.toString().split(/\r?\n/)[0].slice(0, 200));
      socket.end('QUIT\r\n');
    });
  });
}
