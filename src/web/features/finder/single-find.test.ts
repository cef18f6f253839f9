import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type FindResult, findPersonSchema } from '../../../shared/finder';
import { FindAnswer } from './FindAnswer';
import { domainOf, EMPTY_PERSON, type PersonFormValues, toFindPerson } from './person-form';

// The single-find form is checked by the shared schema through react-hook-form's resolver, the very
// resolver SingleFindForm uses; what it sends is toFindPerson of the mode on screen.
// The answer reads the workspace's bounce rates (none here): it renders inside a query client, as in the app.
const render = (el: ReactElement) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, el));

const resolve = (values: PersonFormValues) =>
  zodResolver(findPersonSchema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the single-find form', () => {
  it('asks for a name and a company when both are empty', async () => {
    const { errors } = await resolve(EMPTY_PERSON);
    expect(errors.fullName?.message).toBe('Enter a name');
    expect(errors.company?.message).toBe('Enter the company domain or website');
  });

  it('takes a first name alone, or a full name, with a company', async () => {
    expect((await resolve({ ...EMPTY_PERSON, firstName: 'Jane', company: 'acme.com' })).errors).toEqual({});
    expect((await resolve({ ...EMPTY_PERSON, fullName: 'Jane Doe', company: 'acme.com' })).errors).toEqual(
      {},
    );
    expect(
      (await resolve({ ...EMPTY_PERSON, firstName: '  ', company: 'acme.com' })).errors.fullName,
    ).toBeTruthy();
  });

  it('sends only the name fields of the mode shown, trimmed, without empty ones', () => {
    const v = { firstName: ' Jane ', lastName: '', fullName: 'Old Paste', company: ' acme.com ' };
    expect(toFindPerson(v, 'parts')).toEqual({ firstName: 'Jane', company: 'acme.com' });
    expect(toFindPerson(v, 'full')).toEqual({ fullName: 'Old Paste', company: 'acme.com' });
  });

  it('names the mail server it waits for from a domain, a website or an address', () => {
    expect(domainOf('acme.com')).toBe('acme.com');
    expect(domainOf('https://www.Acme.com/about?x=1')).toBe('acme.com');
    expect(domainOf('jane@acme.io')).toBe('acme.io');
  });
});

const result = (over: Partial<FindResult> = {}): FindResult => ({
  id: 'r1',
  name: 'Jane Doe',
  company: 'https://acme.test',
  domain: 'acme.test',
  email: 'jane.doe@acme.test',
  status: 'valid',
  score: 96,
  pattern: '{first}.{last}',
  evidence: {
    smtpCode: 250,
    smtpMessage: '2.1.5 Recipient OK',
    rejected: 2,
    tried: 3,
    source: 'website',
    examples: ['john.roe@acme.test'],
    note: null,
  },
  row: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the answer of a single find', () => {
  it('shows the address to copy, its status, score, pattern and evidence', () => {
    const html = render(createElement(FindAnswer, { result: result() }));
    const t = text(html);
    expect(t).toContain('jane.doe@acme.test');
    expect(html).toContain('aria-label="Copy jane.doe@acme.test"');
    expect(t).toContain('Valid');
    expect(html).toMatch(/<meter[^>]*value="96"/);
    expect(t).toContain('{first}.{last}');
    expect(t).toContain('250 2.1.5 Recipient OK');
    expect(t).toContain('2 other patterns rejected (of 3 asked)');
    expect(t).toContain("The company's website");
    expect(t).toContain('john.roe@acme.test');
    expect(html).toContain('bg-emerald-100');
  });

  it('says accept-all is a guess in amber, never valid, and shows the note', () => {
    const html = render(
      createElement(FindAnswer, {
        result: result({
          status: 'accept_all',
          score: 62,
          evidence: { ...result().evidence, note: 'Catch-all domain' },
        }),
      }),
    );
    expect(text(html)).toContain('Accept-all');
    expect(text(html)).toContain('best-supported guess, not a proof');
    expect(text(html)).toContain('Catch-all domain');
    expect(html).toContain('bg-amber-100');
    expect(text(html)).not.toMatch(/\bValid\b/);
  });

  it('has no address and nothing to copy when none was found', () => {
    const html = render(
      createElement(FindAnswer, {
        result: result({ status: 'not_found', email: null, pattern: null, score: 0 }),
      }),
    );
    expect(text(html)).toContain('No address');
    expect(text(html)).toContain('Not found');
    expect(html).not.toContain('Copy');
    expect(html).toContain('bg-red-100');
  });
});
