import { acceptDomainSuffixes } from '../../src/shared/public-domain';

// Runs before each test file (vitest setupFiles): the fakes' domains (a.test, x.example) count as public,
// as DOMAIN_EXTRA_SUFFIXES (TEST_ENV, the e2e harness) makes them for a test server. Production's rule is
// tested with the list given explicitly (src/shared/public-domain.test.ts).
acceptDomainSuffixes('test,example,invalid');
