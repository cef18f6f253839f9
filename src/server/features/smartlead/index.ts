// Smartlead's surface for other features: the workspace's mailboxes (the sending-domain checks read them).
export { type SendingMailbox, sendingMailboxes } from './sending-mailboxes';
