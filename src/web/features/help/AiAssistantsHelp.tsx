import { Link } from 'wouter';

const TOOLS: [string, string][] = [
  ['verify_email, verify_emails', 'check one address, or up to 200, and answer in the conversation'],
  [
    'estimate_list',
    'a free estimate of what a list will come back as and the credits it will take, before verifying it',
  ],
  [
    'start_list_verification, get_list, get_list_results, export_list',
    'verify up to 5,000 rows in the background, follow them, read the rows, get a download link that expires after an hour',
  ],
  ['find_email, find_emails, get_find, get_find_results', 'find work addresses from a name and a company'],
  [
    'check_sending_domain, list_sending_domains, check_message_headers',
    'check SPF, DKIM, DMARC and blocklists of the domains you send from, and the headers of a message you sent',
  ],
  [
    'list_smartlead_campaigns, send_to_smartlead',
    'send a verified list to a new Smartlead campaign; a dry run first, always',
  ],
  [
    'add_suppression, list_suppressions, get_usage',
    'keep people out of your sends, and see what is left of your plan this month',
  ],
];

/** The help center's section on the MCP server (decision 0880). */
export function AiAssistantsHelp({ linkClass }: { linkClass: string }) {
  return (
    <>
      <p>
        Verilead runs an MCP server (Model Context Protocol) at <code>/mcp</code> on this site. Connect
        Claude, ChatGPT, Cursor or VS Code to it and ask, for example: “verify this list, find the CTO’s
        address at acme.com, check my sending domain and push the good leads to my Smartlead campaign”.
      </p>
      <ol className="grid list-decimal gap-2 pl-5">
        <li>
          Open{' '}
          <Link href="/settings/ai-assistants" className={linkClass}>
            Settings → AI assistants
          </Link>
          . It shows the server URL and a configuration for each assistant.
        </li>
        <li>
          Claude Desktop, Cursor and VS Code: untick what the assistant should not do, press “Create a token
          for an assistant”, copy the configuration (the token is already in it) and paste it where the screen
          says.
        </li>
        <li>
          ChatGPT and Claude connectors: add the server URL as a connector. You sign in to Verilead, see which
          assistant asks and what it may do in which workspace, and allow it. It is then listed under
          Connected assistants, where Revoke ends its access at once.
        </li>
      </ol>
      <dl className="grid gap-2 text-sm">
        {TOOLS.map(([names, what]) => (
          <div key={names} className="grid gap-1 sm:grid-cols-[18rem_1fr]">
            <dt className="font-mono text-xs text-foreground">{names}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p>
        An assistant can do only what its token’s scopes (or what you allowed it) permit, in one workspace.
        Sending to Smartlead answers what would be sent and what is held back (invalid, risky, suppressed,
        over the bounce budget, a failing sending domain) until you agree to send. Every call is in the
        workspace’s activity log, with the assistant’s name, and counts against the same per-token limit as
        the API.
      </p>
    </>
  );
}
