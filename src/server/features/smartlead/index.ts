// Smartlead's surface for other features: the workspace's mailboxes (the sending-domain checks read them),
// and its rows for a workspace's export and erasure.
export { sendingMailboxes } from './mailboxes/sending-mailboxes';
export {
  campaignLeadsExportPage,
  campaignsExportPage,
  eraseWorkspaceSmartlead,
  workspacesWithSmartleadKey,
} from './workspace-data';
