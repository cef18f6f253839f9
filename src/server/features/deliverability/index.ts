// Deliverability's surface for other features: the sending domains failing their last check (the send gate).

export { addAndCheckDomain, sendingDomainList } from './checks';
export { failingDomains } from './store';
