// Outgoing mail through the operator's relay (SMTP_RELAY_URL).
export { mailSafeName } from './plain-name';
export { sendMail } from './send';
