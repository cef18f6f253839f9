// The prober feature's surface (scripts/check-boundaries.mjs: other features import it from here only).
// The process's one shared prober (the verification engine's instance with its database-backed parts),
// how shutdown drains and closes it, and the boot's reachability self-check. The SMTP client it runs is
// verification/smtp (decision 0940).
export { processProber } from './process-prober';
export {
  closeProcessProbers,
  drainProcessProbers,
  engineLogger,
  isClosing,
  isShuttingDown,
} from './registry';
export { selfCheck } from './self-check';
