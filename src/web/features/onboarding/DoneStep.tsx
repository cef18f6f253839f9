import { Camera, Loader2, ShieldCheck } from 'lucide-react';
import type { OnboardingProfile } from '../../../shared/onboarding';
import { Button } from '../../ui/button';
import { recommendations } from './steps';

/** Last step: recommended next steps and the two shortcuts. */
export function DoneStep(props: {
  profile: OnboardingProfile;
  busy: boolean;
  onGo: (path: '/instagram-scraper' | '/verifier') => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 className="mb-3 text-sm font-medium">Recommended next steps</h3>
        <ol className="flex flex-col gap-3">
          {recommendations(props.profile).map((r, i) => {
            const Icon = r.icon;
            return (
              <li key={r.title} className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                  {i + 1}
                </span>
                <span className="flex flex-col">
                  <span className="flex items-center gap-2 font-medium">
                    <Icon className="size-4 text-primary" aria-hidden="true" />
                    {r.title}
                  </span>
                  <span className="text-sm text-muted-foreground">{r.description}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          variant="outline"
          size="lg"
          disabled={props.busy}
          onClick={() => props.onGo('/instagram-scraper')}
        >
          {props.busy ? <Loader2 className="animate-spin" /> : <Camera />}
          Start with Instagram
        </Button>
        <Button variant="outline" size="lg" disabled={props.busy} onClick={() => props.onGo('/verifier')}>
          {props.busy ? <Loader2 className="animate-spin" /> : <ShieldCheck />}
          Verify Emails
        </Button>
      </div>
    </div>
  );
}
