// Smartlead's surface for other features: the workspace's mailboxes (the sending-domain checks read them),
// and its rows for a workspace's export and erasure.

export { createRemoteCache, listCampaigns } from './campaigns/list';
export { getSettings as smartleadSettings } from './connection/settings';
export { sendingMailboxes } from './mailboxes/sending-mailboxes';
export {
  ownCampaign,
  planListSend,
  SmartleadNotConnectedError,
  sendListToSmartlead,
} from './sends/list-send';
export {
  campaignLeadsExportPage,
  campaignsExportPage,
  eraseWorkspaceSmartlead,
  workspacesWithSmartleadKey,
} from './workspace-data';
