import { describe, expect, it } from 'vitest';
import { detectColumns } from './columns';

const sample = [['Ana Ruiz', 'ana@pan.test', 'Pan y Más Panadería LLC']];

describe('column detection by header name', () => {
  it('recognises company headers in other languages ("Firma", "Empresa", "Société")', () => {
    for (const header of ['Firma', 'Empresa', 'Société', 'Compañía', 'Unternehmen']) {
      expect(detectColumns(['Name', 'E-Mail', header], sample)).toEqual({ email: 1, name: [0], company: 2 });
    }
  });

  it('joins first and last name columns named in French or German', () => {
    const row = [['Ana', 'Ruiz', 'ana@pan.test']];
    expect(detectColumns(['Prénom', 'Nom', 'Courriel'], row)).toEqual({
      email: 2,
      name: [0, 1],
      company: null,
    });
    expect(detectColumns(['Vorname', 'Nachname', 'Email'], row)).toEqual({
      email: 2,
      name: [0, 1],
      company: null,
    });
  });
});
