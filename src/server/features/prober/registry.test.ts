import { afterEach, expect, it } from 'vitest';
import { TEST_ENV } from '../../../../tests/helpers/pglite-snapshot';
import { loadConfig } from '../../platform/config';
import type { Database } from '../../platform/db/client';
import {
  closeProcessProbers,
  drainProcessProbers,
  isClosing,
  isShuttingDown,
  registeredProber,
} from './registry';

// The process's probers are its one process-wide state (decision 0940): shutdown drains them (lanes
// stop between batches; answers still count), then closes them (what they hand back is our shutdown).
// Lists used to keep their own SIGTERM flag for the first step; it lives here now, set by boot.ts.

const config = loadConfig(TEST_ENV);
const logger = { info() {}, warn() {}, error() {} };
// The registry keeps a database only as the key of its probers: it never opens it.
const database = { kind: 'pglite' } as Database;
afterEach(() => closeProcessProbers());

it('drains, then closes, the probers of the process; a later one starts afresh', async () => {
  const first = registeredProber({ config, database, logger });
  expect(registeredProber({ config, database, logger })).toBe(first);
  expect(isShuttingDown(first)).toBe(false);

  drainProcessProbers();
  expect(isShuttingDown(first)).toBe(true);
  expect(isClosing(first)).toBe(false);

  await closeProcessProbers();
  expect(isClosing(first)).toBe(true);
  const next = registeredProber({ config, database, logger });
  expect(next).not.toBe(first);
  expect(isShuttingDown(next)).toBe(false);
});

it('keeps one prober per database', () => {
  const other = { kind: 'pglite' } as Database;
  const mine = registeredProber({ config, database, logger });
  expect(registeredProber({ config, database: other, logger })).not.toBe(mine);
  expect(registeredProber({ config, database, logger })).toBe(mine);
});
