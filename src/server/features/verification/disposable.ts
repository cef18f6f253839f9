import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Disposable-address providers: the `disposable-email-domains` list plus an optional override file
 * (one domain per line, `#` comments; `!domain` removes a domain the list gets wrong).
 * Subdomains of a listed domain count too (x.mailinator.com).
 */
export class DisposableDomains {
  private readonly set: Set<string>;

  constructor(options: { overrideFile?: string } = {}) {
    this.set = new Set<string>(require('disposable-email-domains') as string[]);
    if (options.overrideFile) {
      for (const raw of readFileSync(options.overrideFile, 'utf8').split(/\r?\n/)) {
        const line = raw.replace(/#.*/, '').trim().toLowerCase();
        if (!line) continue;
        if (line.startsWith('!')) this.set.delete(line.slice(1));
        else this.set.add(line);
      }
    }
  }

  has(asciiDomain: string): boolean {
    let d = asciiDomain;
    for (;;) {
      if (this.set.has(d)) return true;
      const dot = d.indexOf('.');
      if (dot < 0) return false;
      d = d.slice(dot + 1);
      if (!d.includes('.')) return false; // never match a bare TLD
    }
  }
}
