import type { WaitingGroup } from '../../../shared/list-runs';
import type {
  DecidedBy,
  ReasonCode,
  VerificationQuality,
  VerificationStatus,
} from '../../../shared/verification';
import type { ProbeBudget, ProviderCallOptions } from './budget-types';
import type { SmtpSettings } from './smtp-settings';

/** One mail exchanger of a domain; `implicit` when the domain has no MX and its A/AAAA stands in. */
export interface MxRecord {
  exchange: string;
  priority: number;
}

/** What step 1 learns about a domain (cached once per run). */
export type DomainVerdict =
  | { kind: 'mx'; mx: MxRecord[]; implicit: boolean }
  | { kind: 'no_domain' }
  | { kind: 'null_mx' }
  | { kind: 'no_mail_host' }
  | { kind: 'dns_error'; code: string };

export interface Step1Result {
  /** The input exactly as given. */
  input: string;
  /** local@domain with the domain lower-cased (Unicode form), or null when the syntax is invalid. */
  normalized: string | null;
  /** The domain in ASCII (punycode) form, lower-cased; null when the syntax is invalid. */
  domain: string | null;
  status: VerificationStatus;
  /** null when valid (no reason needed). */
  reason: ReasonCode | null;
  quality: VerificationQuality;
  role: boolean;
  free: boolean;
  disposable: boolean;
  /** A likely typo fix of the whole address, e.g. a@gmial.com → a@gmail.com. */
  suggestion: string | null;
  /** Lowest-preference MX host (or the domain itself for an implicit MX). */
  mxHost: string | null;
}

export interface Step2Item {
  email: string;
  /** Opaque id handed back on the result (e.g. a row id); defaults to the email. */
  key?: string;
}

export interface Step2Result extends Omit<Step1Result, 'status' | 'reason' | 'quality'> {
  key: string;
  /** The step-1 verdict kept beside the final one. */
  initialStatus: VerificationStatus;
  initialReason: ReasonCode | null;
  status: VerificationStatus;
  reason: ReasonCode;
  quality: VerificationQuality;
  smtpCode: number | null;
  smtpMessage: string | null;
  /** SMTP attempts spent on this address (greylisting, dropped sessions). */
  attempts: number;
  /** How the verdict was reached (the evidence a row keeps; shared/verification.ts DECIDED_BY). */
  decidedBy: DecidedBy;
}

export interface Step2Options {
  /** Called as each result is final; greylisted addresses come back later than the rest. */
  onResult?: (result: Step2Result) => void;
  /** Step 1's verdicts on the whole call, before step 2 asks anything (progress counts step 1). */
  onStep1?: (results: Step1Result[]) => void;
  /**
   * Who the addresses are for (an upload): a shared prober takes turns between tenants on each
   * mail server, so a long list never starves a short one.
   */
  tenant?: string;
  /** Whose probe budget pays for every RCPT and session (decision 0860); none (the CLI): not counted. */
  workspace?: string;
  /** Aborted (the user pressed Stop): addresses still queued are handed back unjudged, nothing more is sent. */
  signal?: AbortSignal;
}

/** Pino-compatible logger (the engine never writes to the console itself). */
export interface EngineLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Hooks for metrics; `host` is the mail server's IP address. */
export interface EngineObserver {
  smtpConnection(host: string): void;
  smtpReply(host: string, code: number): void;
  smtpTimeout(host: string): void;
  dnsLookup(kind: string): void;
}

/** Which of our own services fails: the DNS resolver, the way to mail servers, the verifier API. */
export type OurSide = 'dns' | 'smtp' | 'verifier';

/** Whether our side works (the resolver, the network to mail servers): our fault is never a verdict. */
export interface NetworkHealth {
  ok: boolean;
  /** Set when not ok: what is wrong on our side, in words for the user. */
  message: string | null;
  since: number;
  kind?: OurSide;
  /** While not ok: when it is tried again (epoch ms). */
  nextTryAt?: number | null;
}

/** Fleet-wide politeness (several processes probing the same mail servers), e.g. on PostgreSQL. */
export interface HostCoordinator {
  /**
   * Takes one of `limit` connection slots at `ip` for the whole fleet. `release` must be called
   * once the socket is closed; a holder that dies frees its slots when their lease expires. With
   * several proxies, `ip` is the server's IP and the proxy ("ip via proxy": the cap is per exit).
   */
  tryAcquire(ip: string, limit: number): Promise<{ release: () => void } | { retryAt: number }>;
  /** A server told us to back off (421): no process connects to it before `until` (epoch ms). */
  backOff(ip: string, until: number): void;
}

/** A cached fact about a domain, shared by runs and processes until it expires. */
export interface DomainFact {
  verdict?: DomainVerdict;
  catchAll?: boolean;
  /** How long the verdict may be shared when shorter than the store's own TTL (negative answers). */
  ttlS?: number;
}

/** What a mail server (by IP) tolerates in one session, as learned from its answers (smtp/error-budget.ts). */
export interface ServerFact {
  /** Errors a session may make before it slows down or cuts the session. */
  errorLimit?: number;
  /** It refuses recipients of a second domain in one transaction. */
  singleDomain?: boolean;
  /** How long it holds each rejection (a tarpit). */
  tarpitMs?: number;
}

/**
 * Knowledge shared across runs (and processes): domain facts, final mailbox verdicts and what mail
 * servers tolerate. Only facts about an address, a domain or a server are kept, never who asked.
 */
export interface KnowledgeStore {
  getServers?(ips: string[]): Promise<Map<string, ServerFact>>;
  putServer?(ip: string, fact: ServerFact): void;
  getDomains(domains: string[]): Promise<Map<string, DomainFact>>;
  putDomain(domain: string, fact: DomainFact): void;
  getMailboxes(addresses: string[]): Promise<Map<string, ProviderVerdict>>;
  putMailbox(address: string, verdict: ProviderVerdict): void;
  /** Writes what is buffered now (a run about to say it is complete). */
  flush?(): Promise<void>;
}

/** What a step-2 provider is asked to verify: addresses that passed step 1. */
export interface ProviderJob {
  /** Normalized address (local@ascii-domain). */
  address: string;
  domain: string;
  local: string;
  role: boolean;
  mx: MxRecord[];
}

/** A provider's final verdict on one address (role and catch-all rules already applied). */
export interface ProviderVerdict {
  status: VerificationStatus;
  reason: ReasonCode;
  mxHost: string | null;
  smtpCode: number | null;
  smtpMessage: string | null;
  attempts: number;
  /** Where the answer came from: our SMTP session (default), shared knowledge, or a verifier API. */
  method?: 'smtp' | 'cache' | 'verifier';
}

/** Step 2 behind one interface: our own SMTP provider, or a third-party verifier API. */
export interface Step2Provider {
  readonly name: string;
  /** Verifies the jobs; calls `onVerdict` as each one is final. Resolves when all are. */
  verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, verdict: ProviderVerdict) => void,
    options?: ProviderCallOptions<ProviderJob>,
  ): Promise<void>;
  /** Can this provider reach the outside world right now? */
  health?(): NetworkHealth;
  /** What a tenant's addresses are waiting for now (greylisting, a slow server…), largest first. */
  waiting?(tenant: string): WaitingGroup[];
  close(): Promise<void>;
}

export type { BudgetHold, ProbeBudget, ProviderCallOptions, Unjudged } from './budget-types';
export type { SmtpSettings } from './smtp-settings';

export interface VerifierOptions {
  /** "ip" or "ip:port" entries; empty → the system's resolvers (read once, never getaddrinfo). */
  dnsServers?: string[];
  dnsTimeoutMs?: number;
  dnsTries?: number;
  dnsConcurrency?: number;
  /** Names that must resolve (the resolver's health check); default gmail.com, outlook.com, yahoo.com; [] = off. */
  dnsCanaries?: string[];
  /** While the resolver fails its canaries: how often to ask again (default 30 s). */
  dnsRetryMs?: number;
  /** Longest time a negative DNS answer is kept (default 5 min; the zone's SOA may say less). */
  dnsNegativeTtlMaxMs?: number;
  /** How the engine waits before trying our side again (tests inject one; default: real time). */
  sleep?: (ms: number) => Promise<void>;
  /** Extra disposable domains file (one per line; "!domain" removes a listed one). */
  disposableOverrideFile?: string;
  smtp?: Partial<SmtpSettings>;
  /** Use a third-party verifier API (Reacher-compatible) for step 2 instead of our SMTP provider. */
  verifierApi?: { url: string; key?: string; concurrency?: number };
  /** Replace the step-2 provider outright (tests, other vendors). */
  provider?: Step2Provider;
  logger?: EngineLogger;
  observer?: EngineObserver;
  /** Fleet-wide connection slots and back-off (omit: limits hold in this process only). */
  coordinator?: HostCoordinator;
  /** Shared domain facts and mailbox verdicts (omit: in memory, for this verifier only). */
  knowledge?: KnowledgeStore;
  /** Probes per workspace (decision 0860; omit: nothing is counted nor limited). */
  budget?: ProbeBudget;
  /** How long a refusal naming a blocklist waits for other servers to say the same (default 30 s; tests shorten it). */
  blocklistGraceMs?: number;
  /** How long in-memory DNS answers and catch-all answers are trusted (default 10 min). */
  memoryTtlMs?: number;
}

export interface Verifier {
  checkStep1(emails: string[]): Promise<Step1Result[]>;
  checkStep2(items: Array<Step2Item | string>, options?: Step2Options): Promise<Step2Result[]>;
  /**
   * Whether our side works: the DNS resolver (its canaries), then the step-2 provider (mail servers
   * reachable, verifier API answering). Not ok: the work waits, no verdict is made up.
   */
  health(): NetworkHealth;
  /** Asks the resolver's canaries (sharing a check of the last `maxAgeMs`, default 5 s); false: it fails them. */
  checkResolver?(maxAgeMs?: number): Promise<boolean>;
  /** Step 2 rows of a tenant (an upload, the CLI's run) set aside for now, and why. */
  waiting(tenant: string): WaitingGroup[];
  /** Shares what was learned so far (buffered knowledge) before a run reports completion. */
  settle?(): Promise<void>;
  close(): Promise<void>;
}
