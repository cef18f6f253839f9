// Deliverability's surface for other features: the sending domains' last known state (the send gate).
export { domainStates } from './store';
