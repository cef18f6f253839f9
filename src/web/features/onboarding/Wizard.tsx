import { ArrowLeft, ArrowRight, Loader2, Rocket } from 'lucide-react';
import { LAST_STEP, type OnboardingStatus } from '../../../shared/onboarding';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { AudienceStep } from './AudienceStep';
import { ChoiceGrid } from './ChoiceGrid';
import { DoneStep } from './DoneStep';
import { BUSINESS_CHOICES, EXPERIENCE_CHOICES, GOAL_CHOICES, STEPS } from './steps';
import { useWizard } from './use-wizard';
import { WizardProgress } from './WizardProgress';

export function Wizard({ initial }: { initial: OnboardingStatus }) {
  const w = useWizard(initial);
  const meta = STEPS[w.step];
  const Icon = meta.icon;
  const last = w.step === LAST_STEP;

  return (
    <div className="flex flex-col gap-8">
      <WizardProgress step={w.step} />
      <Card className="animate-slide-in" key={w.step}>
        <CardHeader className="items-start">
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-md shadow-indigo-500/25">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <CardTitle className="text-2xl">{meta.title}</CardTitle>
          <CardDescription>{meta.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {w.step === 0 && (
            <ChoiceGrid
              label="Business type"
              columns={3}
              choices={BUSINESS_CHOICES}
              value={w.profile.businessType}
              onChange={(v) => w.update('businessType', v)}
            />
          )}
          {w.step === 1 && (
            <AudienceStep
              value={w.profile.targetAudience ?? ''}
              onChange={(v) => w.update('targetAudience', v)}
            />
          )}
          {w.step === 2 && (
            <ChoiceGrid
              label="Primary goal"
              choices={GOAL_CHOICES}
              value={w.profile.primaryGoal}
              onChange={(v) => w.update('primaryGoal', v)}
            />
          )}
          {w.step === 3 && (
            <ChoiceGrid
              label="Experience level"
              columns={3}
              choices={EXPERIENCE_CHOICES}
              value={w.profile.experienceLevel}
              onChange={(v) => w.update('experienceLevel', v)}
            />
          )}
          {last && <DoneStep profile={w.profile} busy={w.busy} onGo={w.goTo} />}
        </CardContent>
        <CardFooter className="justify-between gap-3 border-t pt-6">
          <Button variant="ghost" onClick={w.previous} disabled={w.step === 0 || w.busy}>
            <ArrowLeft /> Previous
          </Button>
          {last ? (
            <Button variant="gradient" onClick={w.getStarted} disabled={w.busy}>
              {w.busy ? <Loader2 className="animate-spin" /> : <Rocket />}
              Get Started
            </Button>
          ) : (
            <Button onClick={w.next} disabled={!w.canGoNext}>
              Next
              {w.busy ? <Loader2 className="animate-spin" /> : <ArrowRight />}
            </Button>
          )}
        </CardFooter>
      </Card>
      {!last && (
        <div className="text-center">
          <Button variant="link" className="text-muted-foreground" onClick={w.skip} disabled={w.busy}>
            Skip setup for now
          </Button>
        </div>
      )}
    </div>
  );
}
