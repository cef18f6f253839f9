import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FIND_BULK_MAX_ROWS } from '../../../shared/finder';
import { ColumnPreview } from './ColumnPreview';
import { columnNames, previewOf } from './csv-preview';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the bulk CSV preview', () => {
  it('names the columns it will read and counts the people', () => {
    const p = previewOf([
      ['First Name', 'Last Name', 'Website'],
      ['Jane', 'Doe', 'https://acme.test'],
      ['John', 'Roe', 'globex.test'],
    ]);
    expect(p.problem).toBeNull();
    expect(p.rows).toBe(2);
    expect(columnNames(p)).toEqual({ name: 'First Name + Last Name', company: 'Website' });
    const t = text(
      renderToStaticMarkup(createElement(ColumnPreview, { fileName: 'people.csv', preview: p })),
    );
    expect(t).toContain('Jane Doe');
    expect(t).toContain('https://acme.test');
    expect(t).not.toContain("can't be used");
  });

  it('says in words which column is missing, and shows no table', () => {
    const p = previewOf([
      ['Name', 'Notes'],
      ['Jane Doe', 'met at the fair'],
    ]);
    expect(p.columns).toBeNull();
    const html = renderToStaticMarkup(createElement(ColumnPreview, { fileName: 'people.csv', preview: p }));
    expect(text(html)).toContain("This file can't be used yet");
    expect(text(html)).toMatch(/No column holds the company domain or website/);
    expect(html).not.toContain('<table');
  });

  it('refuses an empty file and one with too many people', () => {
    expect(previewOf([['Name', 'Domain']]).problem).toBe('This file has no rows under its header.');
    const many = [
      ['Name', 'Domain'],
      ...Array.from({ length: FIND_BULK_MAX_ROWS + 1 }, () => ['Jane Doe', 'acme.test']),
    ];
    expect(previewOf(many).problem).toMatch(/at most 10,000/);
  });
});
