// The suppression list's surface for other features (the Smartlead send and event intake, results).
export { suppress, suppressedAmong } from './store';
