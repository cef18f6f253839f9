import { AssistantSetup } from '../features/mcp/AssistantSetup';
import { ConnectionsCard } from '../features/mcp/ConnectionsCard';
import { PageHeader } from '../ui/PageHeader';

// Settings → AI assistants: the MCP server's address, the configuration to paste into each assistant,
// and the assistants connected with OAuth (decision 0880).
export default function AiAssistantsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="AI assistants"
        description="Let Claude, ChatGPT, Cursor or VS Code verify, find and send for you through Verilead's MCP server"
      />
      <AssistantSetup />
      <ConnectionsCard />
      <p className="text-sm text-muted-foreground">
        How it works and what each tool does:{' '}
        <a className="underline" href="/help#ai-assistants">
          Help Center → AI assistants
        </a>
        .
      </p>
    </div>
  );
}
