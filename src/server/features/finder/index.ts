// The email finder's public surface for other features (API v1).
export { findOne, findOwnFindJob, findResultsPage, startFind } from './service';
export { jobView } from './views';
