import { describe, expect, it } from 'vitest';
import { MAIL_PROVIDER_TABLE, providerOf } from './mail-providers';

describe('providerOf', () => {
  it.each(MAIL_PROVIDER_TABLE.map((e) => [e.name, e.example, e.id]))('%s: %s', (_name, example, id) => {
    expect(providerOf(example)?.id).toBe(id);
    // Trailing dot and capitals, as some resolvers hand them back.
    expect(providerOf(`${example.toUpperCase()}.`)?.id).toBe(id);
  });

  it('names the main providers as people know them', () => {
    expect(providerOf('alt1.aspmx.l.google.com')?.name).toBe('Google Workspace');
    expect(providerOf('contoso-com.mail.protection.outlook.com')?.name).toBe('Microsoft 365');
    expect(providerOf('mx-biz.mail.am0.yahoodns.net')?.name).toBe('Yahoo');
    expect(providerOf('mx2.zoho.com')?.name).toBe('Zoho Mail');
    expect(providerOf('mx02.mail.icloud.com')?.name).toBe('iCloud');
    expect(providerOf('mx0b-00123.pphosted.com')?.kind).toBe('gateway');
  });

  it('matches on label boundaries only', () => {
    expect(providerOf('google.com.attacker.net')).toBeNull();
    expect(providerOf('notgoogle.com')).toBeNull();
    expect(providerOf('evilpphosted.com')).toBeNull();
  });

  it('calls a mail server in the address domain self-hosted, and anything else unknown', () => {
    expect(providerOf('mail.acme.com', 'acme.com')?.id).toBe('self-hosted');
    expect(providerOf('mx.acme.co.uk', 'sales.acme.co.uk')?.id).toBe('self-hosted');
    expect(providerOf('mx.hosting-company.net', 'acme.com')).toBeNull();
    expect(providerOf(null, 'acme.com')).toBeNull();
    expect(providerOf('', 'acme.com')).toBeNull();
  });
});
