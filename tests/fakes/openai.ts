import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake OpenAI-compatible server on loopback: POST /v1/chat/completions with structured output
// (response_format json_schema). Modes: a proper answer, a malformed one (not the schema), or a 500.
// Answers are recognisable ("model" wording, a company with "Inc") so tests can tell them from the
// heuristics.

export type FakeOpenAiMode = 'ok' | 'malformed' | 'not-json' | 'error500';

export interface FakeOpenAi {
  url: string;
  apiKey: string;
  mode: FakeOpenAiMode;
  requests: { model: string; schemaName: string; responseFormat: string; auth: string; user: string }[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake = { apiKey: 'sk-fake', mode: 'ok', requests: [] } as unknown as FakeOpenAi;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return send(404, { error: { message: 'not found' } });
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const schemaName = body.response_format?.json_schema?.name ?? '';
    const user = body.messages?.find((m: { role: string }) => m.role === 'user')?.content ?? '';
    fake.requests.push({
      model: body.model,
      schemaName,
      responseFormat: body.response_format?.type ?? '',
      auth: req.headers.authorization ?? '',
      user,
    });
    if (fake.mode === 'error500')
      return send(500, { error: { message: 'model crashed', type: 'server_error' } });
    let content: string;
    if (fake.mode === 'not-json') content = 'Sure! Here are your results: ...';
    else if (fake.mode === 'malformed')
      content = JSON.stringify({ profiles: 'oops', suggestions: [{ kind: 'x' }] });
    else if (schemaName === 'email_draft') {
      content = JSON.stringify({
        subject: 'Model idea for {{company_name}}',
        body: 'Hi {{first_name}},\n\nA short note from the model.\n\nBest,',
      });
    } else if (schemaName === 'cleaned_profiles') {
      const input = JSON.parse(user) as { id: string; fullName: string }[];
      content = JSON.stringify({
        profiles: input.map((p) => ({
          id: p.id,
          cleanedFullName: `Model ${p.fullName.split('|')[0].trim()}`,
          cleanedCompany: 'Modelco Inc.',
          isBusiness: false,
        })),
      });
    } else {
      content = JSON.stringify({
        suggestions: [
          { type: 'tip', title: 'From the model', content: 'Try niche keywords.', action: null },
          {
            type: 'suggestion',
            title: 'Add a city',
            content: 'Adds a city.',
            action: { label: 'Use it', value: 'bakery paris' },
          },
        ],
      });
    }
    send(200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
