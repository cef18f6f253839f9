// Role and free-provider flags. Lists are deliberately short and common: a false "role" flag turns a
// valid address risky, so only names that are almost always shared mailboxes are in it.
const ROLE_LOCALS = new Set(
  (
    'abuse accounting accounts admin administrator billing booking bookings careers contact ' +
    'contactus customercare customerservice enquiries enquiry feedback finance hello help helpdesk ' +
    'hostmaster hr info information inquiries inquiry investors jobs legal mail marketing media news ' +
    'newsletter no-reply noreply office orders postmaster press privacy recruitment reservations ' +
    'root sales security service services support sysadmin team webmaster welcome'
  ).split(' '),
);

const FREE_DOMAINS = new Set(
  (
    'gmail.com googlemail.com yahoo.com yahoo.co.uk yahoo.fr yahoo.de yahoo.es yahoo.it yahoo.co.jp ' +
    'yahoo.com.br ymail.com rocketmail.com hotmail.com hotmail.co.uk hotmail.fr hotmail.de ' +
    'hotmail.it hotmail.es outlook.com outlook.fr outlook.de live.com live.fr live.co.uk msn.com ' +
    'aol.com icloud.com me.com mac.com protonmail.com proton.me pm.me gmx.com gmx.de gmx.net gmx.fr ' +
    'web.de mail.com mail.ru inbox.ru bk.ru list.ru yandex.ru yandex.com ya.ru zoho.com zohomail.com ' +
    'qq.com 163.com 126.com sina.com naver.com daum.net hanmail.net libero.it virgilio.it orange.fr ' +
    'wanadoo.fr free.fr laposte.net sfr.fr t-online.de freenet.de seznam.cz wp.pl o2.pl interia.pl ' +
    'onet.pl rediffmail.com tutanota.com tuta.io fastmail.com hey.com btinternet.com comcast.net ' +
    'verizon.net att.net sbcglobal.net bellsouth.net cox.net charter.net earthlink.net shaw.ca ' +
    'rogers.com sympatico.ca bigpond.com optusnet.com.au uol.com.br bol.com.br terra.com.br'
  ).split(' '),
);

/** info@, sales+eu@, no-reply@ … (the +tag and case do not matter). */
export function isRoleLocal(local: string): boolean {
  let base = local.toLowerCase();
  if (base.startsWith('"')) base = base.slice(1, -1);
  const plus = base.indexOf('+');
  return ROLE_LOCALS.has(plus < 0 ? base : base.slice(0, plus));
}

export function isFreeDomain(asciiDomain: string): boolean {
  return FREE_DOMAINS.has(asciiDomain);
}

/** Well-known mailbox providers, also the targets of typo suggestions. */
export const POPULAR_DOMAINS = [...FREE_DOMAINS];
