import type { ReasonCode, VerificationStatus, VerifierSignal } from './reason-codes';

// A verification reason is one row of REASONS: its verdict, its words (label and help page), its score
// prior, whether the risky stat card counts it, whether the prober may remember it, and which answer of the
// third-party verifier means it. Everything else (help page, score, stat cards, prober cache, verifier
// mapping, classification verdicts) is read from here. Adding a reason: its code below, its row (the
// Record makes a missing field fail to compile), and the rule that finds it (docs/development.md).

export interface ReasonRow {
  /** The verdict a row with this reason gets. */
  status: VerificationStatus;
  /** Short label for the web and exports (`reason_text`). */
  label: string;
  /** What it means for a sender (the help page). */
  help: string;
  /** Delivery chance (%) before any send history (shared/score.ts, decision 0221). */
  prior: number;
  /** Counted on the Risky stat card's summary of what the risky rows are. */
  riskyCard: boolean;
  /** The prober may remember it for other lists: a fact about the mailbox, not about us or the moment. */
  cacheable: boolean;
  /** The verifier's answer that means this reason, or null when it never gives it. */
  verifier: VerifierSignal | null;
  /**
   * A row ending with it costs a credit (decision 0890): a definite answer about the address. Our doubts
   * (unknown for any reason) and what needs no network (syntax) are free.
   */
  charged: boolean;
}

/** Every reason, in the order of the help page. */
export const REASONS: Record<ReasonCode, ReasonRow> = {
  accepted: {
    status: 'valid',
    label: 'Mailbox accepted',
    help: 'The mail server confirmed this mailbox exists. Safe to send.',
    // A mailbox its own (non catch-all) server accepted: about 1 in 100 still bounces (decision 0221).
    prior: 99,
    riskyCard: false,
    cacheable: true,
    verifier: 'deliverable',
    charged: true,
  },
  syntax: {
    status: 'invalid',
    label: 'Not a valid email address',
    help: 'The address is not written like an email address (missing @, spaces, bad characters).',
    prior: 0,
    riskyCard: false,
    cacheable: false,
    verifier: null,
    charged: false,
  },
  no_domain: {
    status: 'invalid',
    label: 'Domain does not exist',
    help: 'The domain after the @ does not exist, so no mail can reach it.',
    prior: 0,
    riskyCard: false,
    cacheable: false,
    verifier: null,
    charged: true,
  },
  null_mx: {
    status: 'invalid',
    label: 'Domain accepts no mail (null MX)',
    help: 'The domain publishes a record saying it accepts no email at all.',
    prior: 0,
    riskyCard: false,
    cacheable: false,
    verifier: null,
    charged: true,
  },
  no_mail_host: {
    status: 'invalid',
    label: 'Domain has no mail server',
    help: 'The domain exists but has no mail server to deliver to.',
    prior: 0,
    riskyCard: false,
    cacheable: false,
    verifier: null,
    charged: true,
  },
  rejected: {
    status: 'invalid',
    label: 'Mailbox does not exist',
    help: 'The mail server said this mailbox does not exist. Sending would bounce.',
    prior: 2,
    riskyCard: false,
    cacheable: true,
    verifier: 'undeliverable',
    charged: true,
  },
  bounced: {
    status: 'invalid',
    label: 'Bounced when one of your campaigns sent to it',
    help: 'A campaign you sent through Smartlead bounced here. It stays invalid in every list until a fresh check finds the mailbox, and it is on your suppression list.',
    prior: 1,
    riskyCard: false,
    cacheable: false,
    verifier: null,
    charged: true,
  },
  disposable: {
    status: 'risky',
    label: 'Disposable address provider',
    help: 'A throwaway inbox from a temporary-address provider; it usually stops working within hours.',
    prior: 20,
    riskyCard: true,
    cacheable: false,
    verifier: 'disposable',
    charged: true,
  },
  dns_error: {
    status: 'risky',
    label: 'DNS lookup failed (temporary)',
    help: 'The domain lookup failed for a moment on the way; it says nothing about the address. Re-verify later.',
    prior: 50,
    riskyCard: true,
    cacheable: false,
    verifier: null,
    charged: false,
  },
  catch_all: {
    status: 'risky',
    label: 'Server accepts any address (catch-all)',
    help: 'The server accepts every address at this domain, so no check can tell whether this person exists.',
    prior: 75,
    riskyCard: true,
    cacheable: true,
    verifier: 'catch_all',
    charged: true,
  },
  role: {
    status: 'risky',
    label: 'Role address (shared mailbox)',
    help: 'A shared mailbox such as info@ or sales@: real, but rarely read by the person you want.',
    prior: 85,
    riskyCard: true,
    cacheable: true,
    verifier: 'deliverable_role',
    charged: true,
  },
  mailbox_full: {
    status: 'risky',
    label: 'Mailbox full',
    help: 'The mailbox exists but is over quota; mail bounces until it is emptied.',
    prior: 30,
    riskyCard: true,
    cacheable: true,
    verifier: 'full_inbox',
    charged: false,
  },
  unverifiable: {
    status: 'risky',
    label: 'Mail server will not say whether the mailbox exists',
    help: 'The mail server accepts mail for the address but will not say whether the mailbox exists (a 252 reply).',
    // 252 "cannot VRFY user, but will accept": the server takes mail for it without saying more.
    prior: 70,
    riskyCard: true,
    cacheable: false,
    verifier: null,
    charged: false,
  },
  policy_block: {
    status: 'risky',
    label: 'Blocked by server policy',
    help: 'The mail server refused to answer our check (anti-spam policy); the address may be fine.',
    prior: 55,
    riskyCard: true,
    cacheable: false,
    verifier: null,
    charged: false,
  },
  greylisted: {
    status: 'risky',
    label: 'Greylisted, did not clear in time',
    help: 'The server asked us to come back later and did not let us in before the check ended. Re-verify later.',
    prior: 70,
    riskyCard: true,
    cacheable: false,
    verifier: null,
    charged: false,
  },
  temp_failure: {
    status: 'risky',
    label: 'Temporary failure, did not clear in time',
    help: 'The server had a temporary problem, or kept asking us to slow down, until the check ended. Re-verify later.',
    prior: 60,
    riskyCard: true,
    cacheable: false,
    verifier: 'unknown',
    charged: false,
  },
  unreachable: {
    status: 'risky',
    label: 'Mail server could not be reached (not checked)',
    help: 'We could not connect to any mail server of the domain, or it talks to no one ("554 no SMTP service here"), so the address was not checked. This is about the connection, not the address; see "Why is everything risky?" below.',
    prior: 50,
    riskyCard: true,
    cacheable: false,
    verifier: 'no_connection',
    charged: false,
  },
};

const codes = Object.keys(REASONS) as ReasonCode[];

/** A verdict with the status its reason carries. */
export function verdictOf<R extends ReasonCode>(reason: R): { status: VerificationStatus; reason: R } {
  return { status: REASONS[reason].status, reason };
}

export const reasonLabels = Object.fromEntries(codes.map((c) => [c, REASONS[c].label])) as Record<
  ReasonCode,
  string
>;

/** Score priors by reason (a plain lookup: an unknown reason finds none). */
export const REASON_PRIORS: Record<string, number> = Object.fromEntries(
  codes.map((c) => [c, REASONS[c].prior]),
);

export const RISKY_CARD_REASONS: ReadonlySet<string> = new Set(codes.filter((c) => REASONS[c].riskyCard));

export const CACHEABLE_REASONS: ReadonlySet<string> = new Set(codes.filter((c) => REASONS[c].cacheable));

/** The reason each verifier signal means (reasons.test.ts checks each signal names exactly one). */
export const REASON_OF_VERIFIER_SIGNAL = Object.fromEntries(
  codes.flatMap((c) => (REASONS[c].verifier ? [[REASONS[c].verifier, c]] : [])),
) as Record<VerifierSignal, ReasonCode>;
