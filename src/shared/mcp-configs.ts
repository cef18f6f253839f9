// The configurations Settings → AI assistants shows for each assistant, with the server's URL and an API
// token filled in: pasted as is, they connect (the MCP suite connects with the Claude Desktop one).

export const TOKEN_PLACEHOLDER = '<your API token>';

export interface AssistantConfig {
  id: 'claude-desktop' | 'cursor' | 'vscode' | 'chatgpt';
  name: string;
  /** Where the text goes, in words. */
  where: string;
  /** JSON to paste, or the steps to follow (ChatGPT connects with OAuth). */
  text: string;
  format: 'json' | 'steps';
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function assistantConfigs(serverUrl: string, token = TOKEN_PLACEHOLDER): AssistantConfig[] {
  const auth = `Bearer ${token}`;
  return [
    {
      id: 'claude-desktop',
      name: 'Claude Desktop',
      where: 'Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop',
      format: 'json',
      // Claude Desktop starts local servers: mcp-remote bridges it to this remote one, with the header.
      text: json({
        mcpServers: {
          verilead: {
            command: 'npx',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${VAR} from env itself
            args: ['-y', 'mcp-remote', serverUrl, '--header', 'Authorization:${VERILEAD_AUTH}'],
            env: { VERILEAD_AUTH: auth },
          },
        },
      }),
    },
    {
      id: 'cursor',
      name: 'Cursor',
      where: 'Cursor Settings → MCP → Add new global MCP server (~/.cursor/mcp.json)',
      format: 'json',
      text: json({ mcpServers: { verilead: { url: serverUrl, headers: { Authorization: auth } } } }),
    },
    {
      id: 'vscode',
      name: 'VS Code',
      where: '.vscode/mcp.json in your workspace (or MCP: Open User Configuration)',
      format: 'json',
      text: json({
        servers: { verilead: { type: 'http', url: serverUrl, headers: { Authorization: auth } } },
      }),
    },
    {
      id: 'chatgpt',
      name: 'ChatGPT',
      where: 'Settings → Connectors → Create (developer mode), no token needed',
      format: 'steps',
      text: [
        `1. Name: Verilead. MCP server URL: ${serverUrl}`,
        '2. Authentication: OAuth. ChatGPT registers itself; nothing to copy.',
        '3. Sign in to Verilead when asked and allow the access you want to give.',
        '4. The connection then appears below, where you can revoke it.',
      ].join('\n'),
    },
  ];
}
