import { describe, expect, it } from 'vitest';
import { linkOrigin } from './public-origin';

// Mailed links are built on an origin we trust, never on a Host header a client chose (decision 0830).
const req = (host: string, protocol: 'http' | 'https' = 'https') => ({ host, protocol });

describe('linkOrigin', () => {
  it('uses PUBLIC_URL whatever the request says', () => {
    const config = { PUBLIC_URL: 'https://app.example.com/', PUBLIC_HOSTS: undefined };
    expect(linkOrigin(req('evil.example'), config)).toBe('https://app.example.com');
  });

  it('takes a request host only when PUBLIC_HOSTS names it', () => {
    const config = { PUBLIC_URL: undefined, PUBLIC_HOSTS: 'app.example.com, brand.example:8443' };
    expect(linkOrigin(req('APP.example.com'), config)).toBe('https://app.example.com');
    expect(linkOrigin(req('brand.example:8443', 'http'), config)).toBe('http://brand.example:8443');
    expect(linkOrigin(req('evil.example'), config)).toBeNull();
    expect(linkOrigin(req('app.example.com.evil.example'), config)).toBeNull();
  });

  it('refuses a Host that is not a host name, even one that looks like a path or a query', () => {
    const config = { PUBLIC_URL: undefined, PUBLIC_HOSTS: 'app.example.com' };
    expect(linkOrigin(req('evil.example/phish?x='), config)).toBeNull();
    expect(linkOrigin(req('app.example.com/x'), config)).toBeNull();
    expect(linkOrigin(req(''), config)).toBeNull();
  });

  it('accepts loopback hosts for development', () => {
    const config = { PUBLIC_URL: undefined, PUBLIC_HOSTS: undefined };
    expect(linkOrigin(req('localhost:5000', 'http'), config)).toBe('http://localhost:5000');
    expect(linkOrigin(req('127.0.0.1:5000', 'http'), config)).toBe('http://127.0.0.1:5000');
    expect(linkOrigin(req('[::1]:5000', 'http'), config)).toBe('http://[::1]:5000');
    expect(linkOrigin(req('10.0.0.5:5000', 'http'), config)).toBeNull();
  });
});
