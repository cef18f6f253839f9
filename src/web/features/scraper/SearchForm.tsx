import { Link as LinkIcon, Loader2, Search } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { instagramUsernameFromUrl, SCRAPE_DEFAULT_MAX_ITEMS, type ScrapeJob } from '../../../shared/scraper';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { Textarea } from '../../ui/textarea';
import { AiSuggestions } from './AiSuggestions';
import { useStartScrape } from './api';

type Mode = 'keyword' | 'url';
type SearchText = { keywords: string; urls: string; maxItems: string };
const lines = (s: string) =>
  s
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Lines of the URL box that are not profile links, numbered as the user sees them (blank lines count). */
function badUrlLines(text: string): { line: number; url: string }[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, url: l.trim() }))
    .filter((l) => l.url && !instagramUsernameFromUrl(l.url));
}

/** Keyword Search / URL Scrape: validation toasts, start toasts, disabled while running. */
export function SearchForm(props: {
  running: boolean;
  configured: boolean;
  onStarted: (job: ScrapeJob) => void;
}) {
  const [mode, setMode] = useState<Mode>('keyword');
  // The boxes hold text as typed; at submit their lines become the request's arrays, which the
  // server checks with the shared schemas (keywordScrapeSchema, urlScrapeSchema).
  const form = useForm<SearchText>({
    defaultValues: { keywords: '', urls: '', maxItems: String(SCRAPE_DEFAULT_MAX_ITEMS) },
  });
  const keywords = form.watch('keywords');
  const urls = form.watch('urls');

  const start = useStartScrape(mode, {
    onSuccess: (job) => {
      const skipped = 'rejectedUrls' in job ? job.rejectedUrls.length : 0;
      toast({
        title: 'Scraping started',
        description:
          `Searching up to ${job.maxItems} profiles.` +
          (skipped
            ? ` ${skipped} ${skipped === 1 ? 'line was' : 'lines were'} skipped (not profile links).`
            : ''),
      });
      props.onStarted(job);
    },
    onError: (err) =>
      toast({
        title: 'Failed to start scraping',
        description: errorMessage(err, 'Failed to start scraping'),
        variant: 'destructive',
      }),
  });

  const submit = form.handleSubmit(({ keywords, urls, maxItems }) => {
    if (mode === 'keyword') {
      const ks = lines(keywords);
      if (!ks.length) {
        toast({
          title: 'Keywords required',
          description: 'Please enter at least one search keyword',
          variant: 'destructive',
        });
        return;
      }
      const n = Number(maxItems);
      start.mutate({
        keywords: ks,
        maxItems: Number.isInteger(n) && n > 0 ? n : SCRAPE_DEFAULT_MAX_ITEMS,
        mode,
      });
    } else {
      const us = lines(urls);
      if (!us.length) {
        toast({
          title: 'URLs required',
          description: 'Please enter at least one Instagram URL',
          variant: 'destructive',
        });
        return;
      }
      start.mutate({
        urls: us,
        maxItems: us.length,
        mode,
      });
    }
  });

  const busy = start.isPending || props.running;
  const badLines = mode === 'url' ? badUrlLines(urls) : [];
  const label = busy ? 'Search in Progress...' : mode === 'keyword' ? 'Search Profiles' : 'Scrape URLs';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Find Instagram profiles</CardTitle>
        <CardDescription>
          Search by keyword or paste profile links; emails are taken from bios, contact details and websites.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4">
          <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
            <TabsList>
              <TabsTrigger value="keyword">
                <Search className="size-4" /> Keyword Search
              </TabsTrigger>
              <TabsTrigger value="url">
                <LinkIcon className="size-4" /> URL Scrape
              </TabsTrigger>
            </TabsList>
            <TabsContent value="keyword" className="space-y-3">
              <div className="space-y-1.5">
                <Label htmlFor="keywords">Keywords (one per line)</Label>
                <Textarea
                  id="keywords"
                  rows={5}
                  placeholder={'bakery miami\nwedding photographer\nfitness coach'}
                  {...form.register('keywords')}
                />
              </div>
              <AiSuggestions
                context="Instagram scraper keyword search: finds business profiles with public emails"
                fieldType="keywords"
                value={keywords}
                onApply={(text) => form.setValue('keywords', text, { shouldDirty: true })}
                disabled={busy}
              />
              {/* No location field: the search actor has no such input (decision 0300). */}
              <div className="space-y-1.5 sm:max-w-[50%]">
                <Label htmlFor="maxItems">Max profiles</Label>
                <Input id="maxItems" type="number" min={1} max={500} {...form.register('maxItems')} />
              </div>
            </TabsContent>
            <TabsContent value="url" className="space-y-1.5">
              <Label htmlFor="urls">Instagram profile URLs (one per line)</Label>
              <Textarea
                id="urls"
                rows={6}
                {...form.register('urls')}
                placeholder={'https://www.instagram.com/username/\nhttps://www.instagram.com/another/'}
                aria-describedby="urls-help urls-problems"
              />
              <p id="urls-help" className="text-xs text-muted-foreground">
                Each profile is scraped in full. Lines that are not profile links (posts, reels, other sites)
                are skipped; the others still run.
              </p>
              <div id="urls-problems" aria-live="polite">
                {badLines.length > 0 && (
                  <ul className="space-y-0.5 text-xs text-amber-800" data-testid="url-problems">
                    {badLines.slice(0, 20).map((b) => (
                      <li key={b.line} className="truncate">
                        Line {b.line} will be skipped: “{b.url}” is not an Instagram profile link.
                      </li>
                    ))}
                    {badLines.length > 20 && <li>…and {badLines.length - 20} more lines.</li>}
                  </ul>
                )}
              </div>
            </TabsContent>
          </Tabs>
          <Button
            type="submit"
            variant="gradient"
            disabled={busy || !props.configured}
            className="w-full sm:w-auto"
          >
            {busy ? <Loader2 className="animate-spin" /> : <Search />}
            {label}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
