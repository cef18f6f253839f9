import { Loader2, Sparkles, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { useDraftEmail } from './api';
import { stepTitle } from './step-title';

/** A brief for the AI, and Draft / Rewrite of the variant shown (a template when no model is available). */
export function AiDraftBar({
  stepIndex,
  subject,
  body,
  mergeFields,
  onDrafted,
}: {
  stepIndex: number;
  subject: string;
  body: string;
  mergeFields: string[];
  onDrafted: (out: { subject: string; body: string }) => void;
}) {
  const [busy, setBusy] = useState<'draft' | 'rewrite' | null>(null);
  const [brief, setBrief] = useState('');
  const { mutateAsync: draftEmail } = useDraftEmail();
  const ai = async (mode: 'draft' | 'rewrite') => {
    setBusy(mode);
    try {
      const out = await draftEmail({
        mode,
        brief,
        stepIndex,
        subject,
        body,
        mergeFields,
      });
      onDrafted({ subject: out.subject, body: out.body });
      toast({
        title: mode === 'draft' ? 'Draft ready' : 'Rewritten',
        description:
          out.source === 'ai'
            ? 'Written by the AI model.'
            : 'No AI model is available, so a template was used.',
      });
    } catch (err) {
      toast({
        title: 'AI Assistant Unavailable',
        description: errorMessage(err, 'Please try again later.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3 sm:flex-row sm:items-center">
      <Input
        aria-label={`What should ${stepTitle(stepIndex)} say?`}
        placeholder="What should this email say? (for the AI draft)"
        value={brief}
        maxLength={1000}
        onChange={(e) => setBrief(e.target.value)}
      />
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={busy !== null}
          onClick={() => void ai('draft')}
        >
          {busy === 'draft' ? <Loader2 className="animate-spin" /> : <Sparkles />} Draft
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={busy !== null || !body.trim()}
          onClick={() => void ai('rewrite')}
        >
          {busy === 'rewrite' ? <Loader2 className="animate-spin" /> : <Wand2 />} Rewrite
        </Button>
      </div>
    </div>
  );
}
