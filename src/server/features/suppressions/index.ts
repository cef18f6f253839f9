// The suppression list's surface for other features (the Smartlead send and event intake, results).
export { isSuppressed, suppressedByReason } from './queries';
export { suppress, suppressedAmong } from './store';
