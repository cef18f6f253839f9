// Webhooks' surface for other features: sending an event, and its rows for a workspace's export and erasure.
export { emitWebhookEvent } from './emit';
export { eraseWorkspaceWebhooks, webhooksExportPage } from './workspace-data';
