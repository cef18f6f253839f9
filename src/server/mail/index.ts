// Outgoing mail through the operator's relay (SMTP_RELAY_URL).
export { sendMail } from './send';
