// Deliverability's surface for other features: the sending domains failing their last check (the send gate).
export { failingDomains } from './store';
