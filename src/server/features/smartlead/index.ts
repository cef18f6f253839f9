// Smartlead's surface for other features: the workspace's mailboxes (the sending-domain checks read them).
export { sendingMailboxes } from './mailboxes/sending-mailboxes';
