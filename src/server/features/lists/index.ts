// The lists feature's surface: what other features may call (routes.ts, jobs.ts, schema.ts and env.ts
// are public too). Everything else in this folder is the feature's own; the boundary check
// (scripts/check-boundaries.mjs) fails on an import that reaches past this file.
export { cancelVerification } from './controls';
export { createUploadFromRows, discardUpload } from './create';
export { deleteUpload } from './delete';
export { estimateList } from './estimate';
export { exportUpload, sendUploadExport } from './export';
export { ingestCsv } from './ingest';
export { applyBounce, latestVerdict, workspaceRowsAtDomain } from './outcomes';
export { getUploadStatus, listUploads } from './read';
export { getResultsPage } from './results';
export { scoresOfVerdicts, verifiedBandRates } from './score';
export {
  latestVerdictsOf,
  listAddresses,
  type SendableLeadRow,
  sendableRowsAmong,
  sendableRowsOf,
  verifiedBeforeAmong,
} from './sendable';
export { startVerification, verifyAgain } from './start';
export { type CarriedVerdict, verifyRows } from './verify-rows';
export { eraseWorkspaceUploads, listsExportPage, uploadNameOf, uploadNamesOf } from './workspace-data';
