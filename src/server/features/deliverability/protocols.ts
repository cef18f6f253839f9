import type { DomainCheck } from '../../../shared/deliverability';
import { type AuthInput, unanswered } from './auth-checks';
import { judgeBimiFiles } from './bimi-files';
import { dmarcTags as tagsOf } from './dmarc';
import type { HttpsFetch } from './https-fetch';
import { judgeStsPolicy } from './mta-sts-policy';

// The optional protocols (decision 0910): MTA-STS's record, TLS-RPT and BIMI. None is required by Gmail,
// Yahoo or Microsoft, so one not published is `info` (shown, not counted); one published wrong fails or
// warns, since it then does nothing. With a fetch (the app always gives one), MTA-STS's policy file is
// fetched and judged (mta-sts-policy.ts), and so are BIMI's logo and certificate (bimi-files.ts).

type Check = Pick<AuthInput, 'resolver' | 'domain'> & { fetch?: HttpsFetch };

async function record(i: Check, key: DomainCheck['key'], name: string, version: RegExp) {
  const a = await i.resolver.txt(name);
  const failed = unanswered(key, name, a);
  if (failed) return { failed, records: [] as string[] };
  return { failed: null, records: a.ok ? a.records.filter((r) => version.test(r.trim())) : [] };
}

export async function checkMtaSts(i: Check): Promise<DomainCheck> {
  const name = `_mta-sts.${i.domain}`;
  const { failed, records } = await record(i, 'mta_sts', name, /^v=STSv1\s*(;|$)/i);
  if (failed) return failed;
  if (!records.length)
    return {
      key: 'mta_sts',
      status: 'info',
      summary: 'No MTA-STS record (optional): servers sending to you may fall back to plain text.',
      fix: null,
    };
  const id = tagsOf(records[0]!).get('id') ?? '';
  if (records.length > 1 || !/^[a-z0-9]{1,32}$/i.test(id)) {
    return {
      key: 'mta_sts',
      status: 'fail',
      summary:
        records.length > 1
          ? `${name} has ${records.length} MTA-STS records: senders ignore them.`
          : `The MTA-STS record has no valid id (1 to 32 letters or digits): senders ignore it.`,
      fix: {
        action: 'change',
        type: 'TXT',
        name,
        value: `v=STSv1; id=${new Date().toISOString().slice(0, 10).replace(/-/g, '')}01`,
      },
    };
  }
  if (i.fetch) {
    const mx = await i.resolver.mx(i.domain);
    const mxHosts = mx.ok ? mx.records.map((r) => r.exchange).filter((h) => h && h !== '.') : [];
    return judgeStsPolicy({ domain: i.domain, id, mxHosts, fetch: i.fetch });
  }
  return {
    key: 'mta_sts',
    status: 'pass',
    summary: `MTA-STS record published (id ${id}); its policy at https://mta-sts.${i.domain}/.well-known/mta-sts.txt is not checked here yet.`,
    fix: null,
  };
}

export async function checkTlsRpt(i: Check): Promise<DomainCheck> {
  const name = `_smtp._tls.${i.domain}`;
  const { failed, records } = await record(i, 'tls_rpt', name, /^v=TLSRPTv1\s*(;|$)/i);
  if (failed) return failed;
  if (!records.length)
    return {
      key: 'tls_rpt',
      status: 'info',
      summary: 'No TLS-RPT record (optional): nobody reports failed TLS deliveries to you.',
      fix: null,
    };
  const rua = tagsOf(records[0]!).get('rua') ?? '';
  if (
    records.length > 1 ||
    !rua.split(',').every((u) => /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/i.test(u.trim()))
  ) {
    return {
      key: 'tls_rpt',
      status: 'fail',
      summary:
        records.length > 1
          ? `${name} has ${records.length} TLS-RPT records: reporters ignore them.`
          : 'The TLS-RPT record needs rua= with mailto: or https: addresses.',
      fix: { action: 'change', type: 'TXT', name, value: `v=TLSRPTv1; rua=mailto:tls-reports@${i.domain}` },
    };
  }
  return { key: 'tls_rpt', status: 'pass', summary: `TLS reports go to ${rua}.`, fix: null };
}

export async function checkBimi(i: Check): Promise<DomainCheck> {
  const name = `default._bimi.${i.domain}`;
  const { failed, records } = await record(i, 'bimi', name, /^v=BIMI1\s*(;|$)/i);
  if (failed) return failed;
  if (!records.length)
    return {
      key: 'bimi',
      status: 'info',
      summary: 'No BIMI record (optional): no brand logo beside your mail.',
      fix: null,
    };
  const tags = tagsOf(records[0]!);
  const logo = tags.get('l') ?? '';
  const cert = tags.get('a') ?? '';
  if (!/^https:\/\/\S+\.svg$/i.test(logo)) {
    return {
      key: 'bimi',
      status: 'fail',
      summary: 'The BIMI record needs l= with the https address of an SVG (Tiny PS) logo.',
      fix: { action: 'change', type: 'TXT', name, value: `v=BIMI1; l=https://${i.domain}/logo.svg; a=` },
    };
  }
  if (i.fetch) return judgeBimiFiles({ logo, cert, fetch: i.fetch });
  if (!cert) {
    return {
      key: 'bimi',
      status: 'warn',
      summary: `BIMI logo at ${logo}, but no certificate (a=): Gmail and Apple show the logo only with a VMC or CMC certificate.`,
      fix: null,
    };
  }
  return {
    key: 'bimi',
    status: 'pass',
    summary: `BIMI logo at ${logo}, with a certificate at ${cert}. (The logo and certificate files are not fetched here yet.)`,
    fix: null,
  };
}
