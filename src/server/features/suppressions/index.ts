// The suppression list's surface for other features (the Smartlead send and event intake, results).
export { isSuppressed, suppressedByReason } from './queries';
export { listSuppressions, suppress, suppressedAmong } from './store';
