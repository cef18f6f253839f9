import https from 'node:https';
import type { AddressInfo } from 'node:net';

// A fake HTTPS host on loopback for the optional protocols' files (MTA-STS policies, BIMI logos). Its
// certificate is self-signed, test-only (EC P-256, 10 years), and names only the hosts below; tests trust
// it through safe-fetch's extraCa, which production never sets.
// Names: mta-sts.sts-{good,testing,mx,short,bad,missing}.test, logo.bimi.test.
export const TEST_HTTPS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRYeGyCh/JvTlZpgX
hQE3iOf8hgOaOaJuFEotlr7CxWShRANCAARea1QFb85NqJynzTDmoPnIj3d12aVr
lefOLucbsNdFKWKs2WOkEZmw3q6alQOrSbU4+mNi2FRUwxRCJ8bIMJhW
-----END PRIVATE KEY-----
`;
export const TEST_HTTPS_CERT = `-----BEGIN CERTIFICATE-----
MIICPzCCAeagAwIBAgIUCT2nvEuVFEORBf3X4dSZ2uMSpfowCgYIKoZIzj0EAwIw
HjEcMBoGA1UEAwwTVmVyaWxlYWQgdGVzdCBIVFRQUzAeFw0yNjExMjkwNzI0MTFa
Fw0zNjExMjYwNzI0MTFaMB4xHDAaBgNVBAMME1ZlcmlsZWFkIHRlc3QgSFRUUFMw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAARea1QFb85NqJynzTDmoPnIj3d12aVr
lefOLucbsNdFKWKs2WOkEZmw3q6alQOrSbU4+mNi2FRUwxRCJ8bIMJhWo4IBADCB
/TAdBgNVHQ4EFgQUaStuXA7gN3D9QLV11fEJGEJPa/MwHwYDVR0jBBgwFoAUaStu
XA7gN3D9QLV11fEJGEJPa/MwgakGA1UdEQSBoTCBnoIVbXRhLXN0cy5zdHMtZ29v
ZC50ZXN0ghhtdGEtc3RzLnN0cy10ZXN0aW5nLnRlc3SCE210YS1zdHMuc3RzLW14
LnRlc3SCFm10YS1zdHMuc3RzLXNob3J0LnRlc3SCFG10YS1zdHMuc3RzLWJhZC50
ZXN0ghhtdGEtc3RzLnN0cy1taXNzaW5nLnRlc3SCDmxvZ28uYmltaS50ZXN0MA8G
A1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDRwAwRAIgG0k95TKs+Oy0s0hpdAeo
t4ZIJRK7+u35rafsRGFwNH4CIGmhWE5Y1asK5CbANC/pxUuY6ObFVf6/UexRoWN+
yjGH
-----END CERTIFICATE-----
`;

export interface FakeHttpsHost {
  port: number;
  close(): Promise<void>;
}

/** Serves `files` by host name and path ("mta-sts.x.test/.well-known/mta-sts.txt"); anything else 404. */
export async function startFakeHttpsHost(
  files: Record<string, { body: string; type?: string; status?: number }>,
): Promise<FakeHttpsHost> {
  const server = https.createServer({ key: TEST_HTTPS_KEY, cert: TEST_HTTPS_CERT }, (req, res) => {
    const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
    const file = files[`${host}${req.url ?? '/'}`];
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(file.status ?? 200, { 'content-type': file.type ?? 'text/plain' }).end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
