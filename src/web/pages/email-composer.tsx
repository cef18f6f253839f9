import { useQuery } from '@tanstack/react-query';
import { FilePlus2, Loader2, Save, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { type Step, saveTemplateSchema } from '../../shared/email-automation';
import { BUILTIN_FIELDS } from '../../shared/merge-fields';
import { smartleadQueries } from '../features/smartlead/api';
import { automationQueries, emptyStep, useTemplateChanges } from '../features/smartlead/automation/api';
import { SequenceEditor } from '../features/smartlead/automation/SequenceEditor';
import { SequencePreview } from '../features/smartlead/automation/SequencePreview';
import { errorMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { PageHeader } from '../ui/PageHeader';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Skeleton } from '../ui/skeleton';

const NEW = '__new__';
const freshSteps = (): Step[] => [emptyStep(0), emptyStep(3)];

// Email Composer (a navigation target under Email Automation): write a sequence, preview it with
// a real verified lead, save it as a reusable template for Send to Smartlead.
export default function EmailComposerPage() {
  const templates = useQuery(automationQueries.templates());
  const verified = useQuery(smartleadQueries.verifiedEmails(true));
  const changes = useTemplateChanges();
  const [templateId, setTemplateId] = useState<string | null>(
    () => new URLSearchParams(window.location.search).get('template') ?? null,
  );
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<Step[]>(freshSteps);
  const [active, setActive] = useState<number[]>([]);
  const [leadId, setLeadId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loadedId, setLoadedId] = useState<string | null>(null);

  // Opening a saved sequence (from the list or ?template=) loads it into the editor once.
  useEffect(() => {
    if (!templateId || templateId === loadedId || !templates.data) return;
    const t = templates.data.find((x) => x.id === templateId);
    if (!t) return;
    setName(t.name);
    setSteps(t.steps);
    setActive([]);
    setLoadedId(t.id);
  }, [templateId, loadedId, templates.data]);

  const leads = useMemo(() => (verified.data?.groups ?? []).flatMap((g) => g.emails), [verified.data]);
  const mergeFields = useMemo(() => {
    const extra = new Set<string>();
    for (const l of leads) for (const k of Object.keys(l.fields)) extra.add(k);
    return [...BUILTIN_FIELDS, ...[...extra].sort()];
  }, [leads]);

  const startNew = () => {
    setTemplateId(null);
    setLoadedId(null);
    setName('');
    setSteps(freshSteps());
    setActive([]);
  };

  const save = async () => {
    const parsed = saveTemplateSchema.safeParse({ name, steps });
    if (!parsed.success) {
      toast({
        title: 'Sequence not saved',
        description: parsed.error.issues[0]?.message,
        variant: 'destructive',
      });
      return;
    }
    setSaving(true);
    try {
      const t = await changes.save.mutateAsync({ id: templateId, input: { name, steps } });
      setTemplateId(t.id);
      setLoadedId(t.id);
      toast({
        title: 'Sequence saved',
        description: `“${t.name}” is ready to use in Send to Smartlead.`,
        variant: 'success',
      });
    } catch (err) {
      toast({
        title: 'Sequence not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!templateId || !window.confirm(`Delete “${name}”? Campaigns already created keep their emails.`))
      return;
    try {
      await changes.remove.mutateAsync(templateId);
      startNew();
      toast({ title: 'Sequence deleted' });
    } catch (err) {
      toast({
        title: 'Could not delete',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div>
      <PageHeader
        title="Email Composer"
        description="Write a sequence with merge fields, preview it with a real lead, save it for your campaigns"
        actions={
          <Button variant="outline" onClick={startNew}>
            <FilePlus2 /> New sequence
          </Button>
        }
      />
      {templates.isError && (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>
            {errorMessage(templates.error, 'Failed to load your sequences')}
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-end">
              <div className="flex flex-1 flex-col gap-1.5">
                <Label htmlFor="saved-sequences">Saved sequences</Label>
                {templates.isLoading ? (
                  <Skeleton className="h-10" />
                ) : (
                  <Select
                    value={templateId ?? NEW}
                    onValueChange={(v) => (v === NEW ? startNew() : setTemplateId(v))}
                  >
                    <SelectTrigger id="saved-sequences">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NEW}>New sequence</SelectItem>
                      {(templates.data ?? []).map((t) => (
                        <SelectItem key={t.id} value={t.id}>
                          {t.name} ({t.steps.length} email{t.steps.length === 1 ? '' : 's'})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </div>
              <div className="flex flex-1 flex-col gap-1.5">
                <Label htmlFor="sequence-name">Sequence name</Label>
                <Input
                  id="sequence-name"
                  maxLength={120}
                  placeholder="e.g. SaaS founders – 3 steps"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
            </CardContent>
          </Card>
          <SequenceEditor
            steps={steps}
            onChange={setSteps}
            mergeFields={mergeFields}
            active={active}
            onActiveChange={setActive}
          />
          <div className="flex flex-wrap justify-end gap-2">
            {templateId && (
              <Button variant="outline" onClick={() => void remove()}>
                <Trash2 /> Delete
              </Button>
            )}
            <Button onClick={() => void save()} disabled={saving}>
              {saving ? <Loader2 className="animate-spin" /> : <Save />} Save sequence
            </Button>
          </div>
        </div>
        <div className="min-w-0">
          {verified.isLoading ? (
            <Skeleton className="h-96" />
          ) : (
            <SequencePreview
              steps={steps}
              active={active}
              leads={leads}
              leadId={leadId}
              onLeadChange={setLeadId}
            />
          )}
        </div>
      </div>
    </div>
  );
}
