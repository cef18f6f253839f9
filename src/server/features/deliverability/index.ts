// Deliverability's surface for other features: the sending domains failing their last check (the send
// gate); checking a domain, reading its report and a message's headers (API v1 and MCP).
export { addAndCheckDomain, sendingDomainList } from './checks';
export { checkHeaders } from './headers/report';
export { checkRowsNow } from './recheck';
export { addSendingDomain, domainView, failingDomains, findSendingDomain, listSendingDomains } from './store';
