// The email composer's surface for other features: its rows for a workspace's export and erasure.
export { eraseWorkspaceTemplates, templatesExportPage } from './workspace-data';
