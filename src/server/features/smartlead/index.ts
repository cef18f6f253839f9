// Smartlead's surface for other features: the workspace's mailboxes (the sending-domain checks read them).
export { sendingMailboxes } from './sending-mailboxes';
export {
  campaignLeadsExportPage,
  campaignsExportPage,
  eraseWorkspaceSmartlead,
  workspacesWithSmartleadKey,
} from './workspace-data';
