import { ConfigError, loadConfig } from '../server/platform/config';
import { checkPort25, checkRelay, checkResolver, type Finding } from './doctor-checks';

// `npm run doctor`: checks what verification needs from this machine (the DNS resolver, outbound port 25
// or the SMTP proxy, the mail relay) with the same settings as the server, and says what is wrong and
// which setting to change. Exit status 1 when something is wrong.

export async function diagnose(env: Record<string, string | undefined>): Promise<Finding[]> {
  const config = loadConfig(env);
  const resolver = await checkResolver(config);
  return [resolver, ...(await Promise.all([checkPort25(config), checkRelay(config)]))];
}

export function describe(findings: Finding[]): string {
  const lines = findings.map((f) => `${f.ok ? 'ok   ' : 'WRONG'} ${f.check}: ${f.text}`);
  const wrong = findings.filter((f) => !f.ok).length;
  lines.push(
    wrong === 0 ? 'All good.' : `${wrong} thing(s) to fix; run \`npm run doctor\` again afterwards.`,
  );
  return `${lines.join('\n')}\n`;
}

async function main() {
  try {
    const findings = await diagnose(process.env);
    process.stdout.write(describe(findings));
    process.exitCode = findings.every((f) => f.ok) ? 0 : 1;
  } catch (err) {
    process.stderr.write(`doctor: ${err instanceof ConfigError ? err.message : String(err)}\n`);
    process.exitCode = 2;
  }
}

if (process.argv[1]?.endsWith('doctor.ts')) void main();
