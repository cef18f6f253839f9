// The data export's surface for other features: retention erases a canceled workspace's exports.
export { eraseWorkspaceExports } from './exports';
