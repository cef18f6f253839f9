// The email finder's public surface for other features (API v1).
export { findOne, findResultsPage, ownJob, startFind } from './service';
export { jobView } from './views';
