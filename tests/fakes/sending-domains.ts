import { generateKeyPairSync } from 'node:crypto';
import type { FakeDnsEntry } from './dns';

// A zone with a sending domain in every state the Deliverability checks tell apart. Shared by the
// domain checks' suite, the routes' suite and the browser journey.

const GOOGLE_MX = { MX: [{ preference: 1, exchange: 'smtp.google.com' }] };
/** A real public key of `bits` (DKIM keys are judged by their length), base64 DER as DNS publishes it. */
function rsaKey(bits: number): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
}
const ED25519 = generateKeyPairSync('ed25519')
  .publicKey.export({ type: 'spki', format: 'der' })
  .subarray(-32)
  .toString('base64');
/** A TXT record's value as DNS carries it: character strings of at most 255 bytes each. */
const txt = (value: string): string[][] => [value.match(/.{1,255}/g) ?? ['']];
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${rsaKey(2048)}`;
/** A 2048-bit DKIM key record, the strength receivers expect. */
export const DKIM_TXT = txt(DKIM_RECORD);
const DKIM = DKIM_TXT;
const goodDmarc = (d: string) => [[`v=DMARC1; p=quarantine; rua=mailto:dmarc@${d}`]];

/** Everything right: Google Workspace, SPF, DKIM, DMARC with reports, tracking CNAME, on no list. */
function healthy(d: string): Record<string, FakeDnsEntry> {
  return {
    [d]: { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com ~all']] },
    [`google._domainkey.${d}`]: { TXT: DKIM },
    [`_dmarc.${d}`]: { TXT: goodDmarc(d) },
    [`track.${d}`]: { CNAME: 'open.sleadtrack.com' },
  };
}

export const SENDING_ZONE: Record<string, FakeDnsEntry> = {
  ...healthy('good.test'),
  // No SPF record at all, no DMARC either.
  ...healthy('nospf.test'),
  'nospf.test': { ...GOOGLE_MX, TXT: [['google-site-verification=abc']] },
  '_dmarc.nospf.test': { TXT: [] },
  // Two SPF records.
  ...healthy('twospf.test'),
  'twospf.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com ~all'], ['v=spf1 mx -all']] },
  // Two SPF records, the one without the provider's include first (a fix keeping one dropped the include).
  ...healthy('twospf2.test'),
  'twospf2.test': {
    ...GOOGLE_MX,
    TXT: [['v=spf1 ip4:203.0.113.5 include:mailgun.org -all'], ['v=spf1 include:_spf.google.com ~all']],
  },
  // SPF ending "?all" (neutral): no better than none.
  ...healthy('qall.test'),
  'qall.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com ?all']] },
  // SPF without the provider's include.
  ...healthy('noinclude.test'),
  'noinclude.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:mailgun.org ~all']] },
  // SPF over the 10-look-up limit (11 includes, each one look-up).
  ...healthy('toomany.test'),
  'toomany.test': {
    ...GOOGLE_MX,
    TXT: [
      [
        `v=spf1 include:_spf.google.com ${Array.from({ length: 10 }, (_, i) => `include:s${i}.spf.test`).join(' ')} ~all`,
      ],
    ],
  },
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${i}.spf.test`, { TXT: [['v=spf1 -all']] }])),
  '_spf.google.com': { TXT: [['v=spf1 ip4:192.0.2.0/24 ~all']] },
  'mailgun.org': { TXT: [['v=spf1 ip4:198.51.100.0/24 ~all']] },
  // The providers' mail hosts have addresses (an MX host without one fails).
  'smtp.google.com': { A: ['192.0.2.25'] },
  'ms-test.mail.protection.outlook.com': { A: ['192.0.2.26'] },
  ...healthy('deadmx.test'),
  'deadmx.test': {
    MX: [{ preference: 1, exchange: 'mx.gone.test' }],
    TXT: [['v=spf1 include:_spf.google.com ~all']],
  },
  'spf.protection.outlook.com': { TXT: [['v=spf1 ip4:40.92.0.0/15 -all']] },
  // SPF that lets anyone send.
  ...healthy('plusall.test'),
  'plusall.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com +all']] },
  // No DKIM key, and one revoked.
  ...healthy('nodkim.test'),
  'google._domainkey.nodkim.test': 'NXDOMAIN',
  ...healthy('revoked.test'),
  'google._domainkey.revoked.test': { TXT: [['v=DKIM1; k=rsa; p=']] },
  // A key under the user's own selector only.
  ...healthy('ownsel.test'),
  'google._domainkey.ownsel.test': 'NXDOMAIN',
  'mk1._domainkey.ownsel.test': { TXT: DKIM },
  // SPF trees (decision 0910): a deprecated ptr, three void look-ups, an include of a name without SPF,
  // a macro, an include loop.
  ...healthy('ptr.test'),
  'ptr.test': { ...GOOGLE_MX, TXT: [['v=spf1 ptr include:_spf.google.com ~all']] },
  ...healthy('voids.test'),
  'voids.test': {
    ...GOOGLE_MX,
    TXT: [['v=spf1 a:gone1.voids.test a:gone2.voids.test a:gone3.voids.test include:_spf.google.com ~all']],
  },
  ...healthy('deadinclude.test'),
  'deadinclude.test': {
    ...GOOGLE_MX,
    TXT: [['v=spf1 include:_spf.google.com include:nospf.vendor.test ~all']],
  },
  'nospf.vendor.test': { TXT: [['some-verification=1']] },
  ...healthy('macro.test'),
  'macro.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com exists:%{i}._spf.macro.test ~all']] },
  ...healthy('loop.test'),
  'loop.test': { ...GOOGLE_MX, TXT: [['v=spf1 include:_spf.google.com include:a.loop.test ~all']] },
  'a.loop.test': { TXT: [['v=spf1 include:b.loop.test -all']] },
  'b.loop.test': { TXT: [['v=spf1 include:a.loop.test -all']] },
  // DKIM keys: 1024 bits (weak), 512 bits (refused), testing flag, ed25519 only, not a key.
  ...healthy('dkim1024.test'),
  'google._domainkey.dkim1024.test': { TXT: txt(`v=DKIM1; k=rsa; p=${rsaKey(1024)}`) },
  ...healthy('dkim512.test'),
  'google._domainkey.dkim512.test': { TXT: txt(`v=DKIM1; k=rsa; p=${rsaKey(512)}`) },
  ...healthy('dkimtest.test'),
  'google._domainkey.dkimtest.test': { TXT: txt(`${DKIM_RECORD}; t=y`) },
  ...healthy('ed.test'),
  'google._domainkey.ed.test': { TXT: txt(`v=DKIM1; k=ed25519; p=${ED25519}`) },
  ...healthy('badkey.test'),
  'google._domainkey.badkey.test': { TXT: [['v=DKIM1; k=rsa; p=bm90IGEga2V5']] },
  // A key under a common selector of another sender (Mailchimp's k1) and none under Google's.
  ...healthy('k1.test'),
  'google._domainkey.k1.test': 'NXDOMAIN',
  'k1._domainkey.k1.test': { TXT: DKIM },
  // DMARC: pct under 100, reports to another domain without and with its authorisation, a bad sp, two records.
  ...healthy('pct.test'),
  '_dmarc.pct.test': { TXT: [['v=DMARC1; p=quarantine; pct=50; rua=mailto:d@pct.test']] },
  ...healthy('extrua.test'),
  '_dmarc.extrua.test': { TXT: [['v=DMARC1; p=reject; rua=mailto:r@reports.dmarcvendor.test']] },
  ...healthy('extok.test'),
  '_dmarc.extok.test': { TXT: [['v=DMARC1; p=reject; rua=mailto:r@reports.dmarcvendor.test']] },
  'extok.test._report._dmarc.reports.dmarcvendor.test': { TXT: [['v=DMARC1']] },
  ...healthy('badsp.test'),
  '_dmarc.badsp.test': { TXT: [['v=DMARC1; p=reject; sp=bogus; rua=mailto:d@badsp.test']] },
  ...healthy('twodmarc.test'),
  '_dmarc.twodmarc.test': { TXT: [['v=DMARC1; p=reject; rua=mailto:d@twodmarc.test'], ['v=DMARC1; p=none']] },
  // The optional protocols: published right, and published wrong.
  ...healthy('proto.test'),
  '_mta-sts.proto.test': { TXT: [['v=STSv1; id=20261129T01']] },
  '_smtp._tls.proto.test': { TXT: [['v=TLSRPTv1; rua=mailto:tls@proto.test']] },
  'default._bimi.proto.test': {
    TXT: [['v=BIMI1; l=https://proto.test/logo.svg; a=https://proto.test/vmc.pem']],
  },
  ...healthy('badproto.test'),
  '_mta-sts.badproto.test': { TXT: [['v=STSv1; id=not valid!']] },
  '_smtp._tls.badproto.test': { TXT: [['v=TLSRPTv1; rua=ftp://x']] },
  'default._bimi.badproto.test': { TXT: [['v=BIMI1; l=https://badproto.test/logo.svg']] },
  // DMARC: none at all, "none" policy, no reporting address, two records.
  ...healthy('nodmarc.test'),
  '_dmarc.nodmarc.test': 'NXDOMAIN',
  ...healthy('pnone.test'),
  '_dmarc.pnone.test': { TXT: [['v=DMARC1; p=none; rua=mailto:d@pnone.test']] },
  ...healthy('norua.test'),
  '_dmarc.norua.test': { TXT: [['v=DMARC1; p=reject']] },
  // Tracking CNAME missing and pointing elsewhere.
  ...healthy('notrack.test'),
  'track.notrack.test': 'NXDOMAIN',
  ...healthy('badtrack.test'),
  'track.badtrack.test': { CNAME: 'elsewhere.example' },
  // No MX.
  ...healthy('nomx.test'),
  'nomx.test': { TXT: [['v=spf1 include:_spf.google.com ~all']] },
  // On Spamhaus DBL; on SURBL (and URIBL refusing the query).
  ...healthy('listed.test'),
  'listed.test.dbl.spamhaus.org': { A: ['127.0.1.2'] },
  ...healthy('surbl.test'),
  'surbl.test.multi.surbl.org': { A: ['127.0.0.8'] },
  'surbl.test.multi.uribl.com': { A: ['127.0.0.1'] },
  // Spamhaus refusing a public resolver (127.255.255.254): could not check, not listed.
  ...healthy('refused.test'),
  'refused.test.dbl.spamhaus.org': { A: ['127.255.255.254'] },
  // Microsoft 365 with both selectors as CNAMEs to the tenant's keys.
  'ms.test': {
    MX: [{ preference: 0, exchange: 'ms-test.mail.protection.outlook.com' }],
    TXT: [['v=spf1 include:spf.protection.outlook.com -all']],
  },
  'selector1._domainkey.ms.test': { CNAME: 'selector1-ms-test._domainkey.tenant.onmicrosoft.com' },
  'selector1-ms-test._domainkey.tenant.onmicrosoft.com': { TXT: DKIM },
  '_dmarc.ms.test': { TXT: goodDmarc('ms.test') },
  'track.ms.test': { CNAME: 'open.sleadtrack.com' },
  // A mailbox on its own SMTP server whose address is on Spamhaus ZEN and SpamCop.
  ...healthy('ownsmtp.test'),
  'smtp.ownsmtp.test': { A: ['198.51.100.7'] },
  '7.100.51.198.zen.spamhaus.org': { A: ['127.0.0.2'] },
  '7.100.51.198.bl.spamcop.net': { A: ['127.0.0.2'] },
  'smtp.clean.test': { A: ['198.51.100.8'] },
  // The same listing through Spamhaus's DQS zone (key "k3y").
  'listed.test.k3y.dbl.dq.spamhaus.net': { A: ['127.0.1.2'] },
  // The verifier's own address: reverse DNS that resolves back, on ZEN and SpamCop (above).
  '7.100.51.198.in-addr.arpa': { PTR: ['probe.example.test'] },
  'probe.example.test': { A: ['198.51.100.7'] },
  // An address whose reverse name points elsewhere.
  '9.100.51.198.in-addr.arpa': { PTR: ['elsewhere.example.test'] },
  'elsewhere.example.test': { A: ['203.0.113.1'] },
  // The resolver fails for this domain's TXT.
  'broken.test': 'SERVFAIL',
};
