import type { DomainCheck } from '../../../shared/deliverability';
import type { HttpsFetch, HttpsFile } from './https-fetch';

// BIMI's files (decision 0910): the logo must be SVG Tiny Portable/Secure, which mailbox providers check
// before showing it: root <svg> with version="1.2" and baseProfile="tiny-ps", a <title>, no script, nothing
// fetched from elsewhere, a square viewBox. Read as text (never rendered or parsed as XML: the file is a
// stranger's). The certificate (a=) is only fetched to see it is there and PEM-shaped: its signature and
// the trademark it names are not verified here.

type Finding = { status: 'fail' | 'warn'; text: string };

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null;

/** What keeps an SVG from being Tiny PS, worst first; empty when it looks right. */
export function svgTinyPsProblems(svg: string): Finding[] {
  const out: Finding[] = [];
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return [{ status: 'fail', text: 'The BIMI logo is not an SVG file (no <svg> element).' }];
  if ((attr(root, 'baseProfile') ?? '').toLowerCase() !== 'tiny-ps')
    out.push({
      status: 'fail',
      text: 'The BIMI logo needs baseProfile="tiny-ps" on its <svg> (SVG Tiny PS).',
    });
  if (attr(root, 'version') !== '1.2')
    out.push({ status: 'fail', text: 'The BIMI logo needs version="1.2" on its <svg> (SVG Tiny PS).' });
  if (!/<title\b[^>]*>[^<]*\S[^<]*<\/title>/i.test(svg))
    out.push({ status: 'fail', text: 'The BIMI logo needs a <title> with the brand name.' });
  if (/<script\b|\son[a-z]+\s*=/i.test(svg))
    out.push({ status: 'fail', text: 'The BIMI logo contains script: SVG Tiny PS allows none.' });
  if (/<(image|foreignObject)\b|\s(xlink:)?href\s*=\s*["'](?!#)/i.test(svg))
    out.push({
      status: 'fail',
      text: 'The BIMI logo refers to something outside itself (an image or link): SVG Tiny PS allows none.',
    });
  const box = (attr(root, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length !== 4 || box.some(Number.isNaN))
    out.push({
      status: 'warn',
      text: 'The BIMI logo has no viewBox: give it a square one (e.g. 0 0 100 100).',
    });
  else if (box[2] !== box[3])
    out.push({
      status: 'warn',
      text: `The BIMI logo is not square (viewBox ${box.join(' ')}): providers crop it.`,
    });
  return out;
}

const unreachable = (what: string, url: string, f: HttpsFile): Finding => ({
  status: 'fail',
  text: `The BIMI ${what} at ${url} could not be fetched (${f.ok ? `HTTP ${f.status}` : f.message}).`,
});

export async function judgeBimiFiles(i: {
  logo: string;
  cert: string;
  fetch: HttpsFetch;
}): Promise<DomainCheck> {
  const found: Finding[] = [];
  const logo = await i.fetch(i.logo);
  if (!logo.ok || logo.status !== 200) found.push(unreachable('logo', i.logo, logo));
  else if (logo.truncated) found.push({ status: 'fail', text: `The BIMI logo at ${i.logo} is over 64 KB.` });
  else found.push(...svgTinyPsProblems(logo.body));
  if (!i.cert) {
    found.push({
      status: 'warn',
      text: 'No certificate (a=): Gmail and Apple show the logo only with a VMC or CMC certificate.',
    });
  } else {
    const pem = await i.fetch(i.cert);
    if (!pem.ok || pem.status !== 200) found.push(unreachable('certificate', i.cert, pem));
    else if (!/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(pem.body))
      found.push({ status: 'fail', text: `The BIMI certificate at ${i.cert} is not a PEM certificate.` });
  }
  found.sort((a, b) => (a.status === b.status ? 0 : a.status === 'fail' ? -1 : 1));
  if (!found.length) {
    return {
      key: 'bimi',
      status: 'pass',
      summary: `BIMI logo at ${i.logo} is SVG Tiny PS; the certificate at ${i.cert} is reachable and PEM-shaped (its signature and trademark are not verified here).`,
      fix: null,
    };
  }
  const [first, ...rest] = found;
  return {
    key: 'bimi',
    status: first!.status,
    summary: first!.text,
    fix: null,
    ...(rest.length ? { notes: rest.map((f) => f.text) } : {}),
  };
}
