import { isPublicAddress } from '../../../platform/net/public-address';

/**
 * Mail is only ever probed on public addresses: an MX (or implicit-MX A record) pointing at
 * loopback, a private range or a metadata address would let a stranger's domain make us talk to
 * our own network (SSRF). `allowPrivate` (SMTP_ALLOW_PRIVATE) opens it for tests and on-premise.
 */
export function mayConnect(ip: string, allowPrivate: boolean): boolean {
  return allowPrivate || isPublicAddress(ip);
}
