// How step 2 talks to mail servers: the SMTP_* settings, as the engine takes them (options.ts fills them).

export interface SmtpSettings {
  port: number;
  heloName: string;
  mailFrom: string;
  timeoutMs: number;
  maxConnectionsPerHost: number;
  maxConnections: number;
  maxRcptPerSession: number;
  /** Recipients per pipelined transaction (RSET between transactions). */
  rcptPerTransaction: number;
  greylistRetryS: number;
  greylistMaxAttempts: number;
  /** Pause before reconnecting to a host that answered 421. */
  backoffMs: number;
  /** socks5://[user:pass@]host:port */
  proxy?: string;
  /** Connect to loopback/private addresses too (tests, on-premise mail servers). */
  allowPrivate: boolean;
  /** First pause of the short, jittered retry back-off (dropped sessions, timeouts, 4xx). */
  retryBaseMs: number;
  /** Transient failures one address may meet before its verdict is a temporary failure. */
  retryBudget: number;
  /** While the network looks down: how often to try again. */
  networkRetryMs: number;
}
