// Replies of real servers the fake answers with by default, in their own words.

export const GMAIL_RATE =
  '450 4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered. Please resend your message at a later time.';

export const GMAIL_UNKNOWN =
  '550-5.1.1 The email account that you tried to reach does not exist. Please try\r\n' +
  "550-5.1.1 double-checking the recipient's email address for typos or\r\n" +
  '550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser';
