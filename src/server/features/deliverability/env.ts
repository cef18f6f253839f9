import { z } from 'zod';
import { envString, envText } from '../../platform/config/env-helpers';

const zones = /^[a-z0-9.,\s-]*$/i;

export const deliverabilityEnv = {
  /** Domain blocklists (DNS zones) a sending domain is looked up on. */
  DELIVERABILITY_DOMAIN_LISTS: envText(
    'dbl.spamhaus.org,multi.surbl.org,multi.uribl.com,dbl.nordspam.com',
    zones,
  ),
  /** IP blocklists a mailbox's SMTP server, and the verifier's own address, are looked up on. */
  DELIVERABILITY_IP_LISTS: envText(
    'zen.spamhaus.org,b.barracudacentral.org,bl.spamcop.net,dnsbl.sorbs.net,psbl.surriel.com,bl.mailspike.net,dnsbl-1.uceprotect.net,ix.dnsbl.manitu.net,dnsbl.dronebl.org,all.s5h.net',
    zones,
  ),
  /**
   * Spamhaus's Data Query Service key: its public mirrors refuse queries that come through public
   * resolvers, so with a key the Spamhaus zones are asked at <key>.<zone>.dq.spamhaus.net instead.
   */
  SPAMHAUS_DQS_KEY: envString(),
  /** The public address our probes leave from, when the operator knows it (else STANDING_IP_ECHO_URL). */
  STANDING_PUBLIC_IP: envString(),
  /**
   * A plain-text "your address is" service (e.g. https://api.ipify.org), asked through SMTP_PROXY when
   * set. Unset by default: the server never calls a third party unless its operator says so.
   */
  STANDING_IP_ECHO_URL: envString(),
  /** Where a custom tracking domain's CNAME must point (Smartlead's tracking host). */
  DELIVERABILITY_TRACKING_CNAME: envText('open.sleadtrack.com', /^[a-z0-9.-]+$/i),
  /** Test worlds only: fetch MTA-STS policies over https on this port (fakes on loopback cannot take 443). */
  DELIVERABILITY_HTTPS_PORT: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number().int().min(1).max(65535).optional(),
  ),
};
