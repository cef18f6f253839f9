import { AlertTriangle, Lightbulb, Loader2, Sparkles, TrendingUp, Wand2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AI_SUGGEST_DELAY_MS, AI_SUGGEST_MIN_LENGTH, type Suggestion } from '../../../shared/ai';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { useAiSuggestions } from './api';

const ICONS = { tip: Lightbulb, suggestion: Wand2, warning: AlertTriangle, optimization: TrendingUp };
const TONES = {
  tip: 'border-sky-200 bg-sky-50 text-sky-900',
  suggestion: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  optimization: 'border-emerald-200 bg-emerald-50 text-emerald-900',
};
const UNAVAILABLE: Suggestion = {
  type: 'tip',
  title: 'AI Assistant Unavailable',
  content: 'AI suggestions are temporarily unavailable. Please try again later.',
};

/**
 * AI help under an input. Auto-suggests only when enabled, the value is longer than 3
 * characters, nothing was generated yet and the helper is not disabled; 1 s after typing stops (§9).
 */
export function AiSuggestions(props: {
  context: string;
  fieldType: string;
  value: string;
  onApply: (value: string) => void;
  autoTrigger?: boolean;
  disabled?: boolean;
}) {
  const { context, fieldType, value, onApply, autoTrigger = true, disabled = false } = props;
  // Suggestions belong to the value they were made for; once the field changes they are stale and hidden.
  const [result, setResult] = useState<{ value: string; items: Suggestion[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [generated, setGenerated] = useState(false);
  const seq = useRef(0);
  const { mutateAsync: suggest } = useAiSuggestions();

  const generate = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    setGenerated(true);
    try {
      const items = await suggest({ context, fieldType, fieldValue: value });
      if (mine === seq.current) setResult({ value, items });
    } catch {
      if (mine === seq.current) setResult({ value, items: [UNAVAILABLE] });
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [context, fieldType, value, suggest]);

  // A field emptied (or cut back below the threshold) may auto-suggest again for what comes next.
  useEffect(() => {
    if (value.trim().length < AI_SUGGEST_MIN_LENGTH) setGenerated(false);
  }, [value]);

  useEffect(() => {
    if (!autoTrigger || disabled || generated || value.trim().length < AI_SUGGEST_MIN_LENGTH) return;
    const timer = setTimeout(generate, AI_SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoTrigger, disabled, generated, value, generate]);

  const items = result && result.value === value ? result.items : null;
  return (
    <div className="space-y-2" data-testid="ai-suggestions">
      <div className="flex items-center justify-between">
        <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <Sparkles className="size-3.5 text-indigo-500" /> AI suggestions
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={generate}
          disabled={disabled || loading || value.trim().length === 0}
        >
          {loading ? <Loader2 className="animate-spin" /> : <Sparkles />}
          {loading ? 'Thinking...' : 'Get suggestions'}
        </Button>
      </div>
      {items && !loading && items.length === 0 && (
        <p className="text-xs text-muted-foreground">No suggestions available for this field.</p>
      )}
      {items && items.length > 0 && (
        <ul className="space-y-2" aria-live="polite">
          {items.map((s) => {
            const Icon = ICONS[s.type];
            return (
              <li
                key={`${s.type}-${s.title}`}
                className={cn('flex gap-2 rounded-md border p-2.5 text-xs', TONES[s.type])}
              >
                <Icon className="mt-0.5 size-3.5 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{s.title}</p>
                  <p className="mt-0.5 opacity-90">{s.content}</p>
                </div>
                {s.action && (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className="self-center"
                    onClick={() => onApply(s.action?.value ?? value)}
                  >
                    {s.action.label}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
