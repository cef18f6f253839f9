import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SendProgress } from '../../../shared/smartlead';
import { SendLaunchCard, type SendPhase, sendPhase } from './SendLaunchCard';
import { SendProgressCard } from './SendProgressCard';

// A send whose re-check could not ask about some leads waits for the user's choice (decision 0221):
// nothing moves until they choose, so the Send button stops spinning and the choice is on screen.

const progress = (over: Partial<SendProgress> = {}): SendProgress => ({
  id: 'send-1',
  state: 'sending',
  totalLeads: 2,
  batchCount: 1,
  batchesDone: 0,
  leadsProcessed: 0,
  added: 0,
  duplicates: 0,
  invalid: 0,
  recheck: { checked: 0, heldInvalid: 0, unanswered: 2, heldUnchecked: 0, waiting: null },
  error: null,
  ...over,
});
const waiting = progress({
  recheck: {
    checked: 0,
    heldInvalid: 0,
    unanswered: 2,
    heldUnchecked: 0,
    waiting: { count: 2, why: 'Our DNS resolver is not answering' },
  },
});
const started = { pending: false, started: true, failed: false };

const launchCard = (phase: SendPhase) =>
  renderToStaticMarkup(
    createElement(SendLaunchCard, {
      nameField: { name: 'campaignName', onChange: async () => {}, onBlur: async () => {}, ref: () => {} },
      canStart: false,
      startNow: false,
      onStartNowChange: () => {},
      canSend: phase === 'idle',
      phase,
      count: 2,
    }),
  );
const progressCard = (p: SendProgress) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(SendProgressCard, { name: 'Stale', progress: p }),
    ),
  );

describe('a send waiting for the choice on leads that could not be checked again', () => {
  it('stops the Send button spinning, keeps it disabled and says the send waits for the choice', () => {
    expect(sendPhase({ ...started, progress: waiting })).toBe('waiting');
    const html = launchCard(sendPhase({ ...started, progress: waiting }));
    expect(html).not.toContain('animate-spin');
    expect(html).toMatch(/<button[^>]*disabled/);
    expect(html).toContain('The send waits for your choice below');
  });

  it('shows the choice, with no spinner, on the send’s progress', () => {
    const html = progressCard(waiting);
    expect(html).not.toContain('animate-spin');
    expect(html).toContain('waits for your choice');
    expect(html).toContain('2 addresses could not be checked again');
    expect(html).toContain('Hold them back');
    expect(html).toContain('Send them on the earlier verdict');
  });

  it('spins while the send works, before and after the choice, and stops when it ends', () => {
    expect(sendPhase({ pending: true, started: false, failed: false, progress: undefined })).toBe('sending');
    expect(sendPhase({ ...started, progress: undefined })).toBe('sending');
    expect(sendPhase({ ...started, progress: progress() })).toBe('sending');
    expect(launchCard(sendPhase({ ...started, progress: progress() }))).toContain('animate-spin');
    expect(progressCard(progress())).toContain('animate-spin');
    expect(sendPhase({ ...started, progress: progress({ state: 'completed' }) })).toBe('idle');
    expect(sendPhase({ ...started, failed: true, progress: waiting })).toBe('idle');
    expect(launchCard('idle')).not.toContain('animate-spin');
  });
});
