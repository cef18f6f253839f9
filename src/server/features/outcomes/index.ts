// Send outcomes' surface: Smartlead's event intake records them, the lists read them.
export {
  acceptedHistory,
  catchAllHistory,
  noteFirstVerdict,
  recordOutcome,
} from './history';
export { bouncedAddresses, sentAddresses } from './queries';
export { bounceRatesByVerdict, sentVerdicts } from './rates';
