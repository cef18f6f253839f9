import { ArrowRight, CheckCircle2, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { TRIAL_DAYS } from '../../../shared/plans';
import { useBranding } from '../../lib/use-branding';
import { Button } from '../../ui/button';

export function Hero() {
  const { productName } = useBranding();
  return (
    <section className="relative overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,_oklch(0.92_0.06_277),_transparent_60%)]" />
      <div className="mx-auto max-w-5xl px-4 pb-20 pt-20 text-center md:pt-28">
        <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm">
          <Sparkles className="size-3.5" /> AI-powered email verification and lead generation
        </span>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance md:text-6xl">
          Find, verify and send to{' '}
          <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
            real inboxes
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-balance">
          {productName} verifies your lists in two steps with 99.9% accuracy, finds emails from Instagram
          profiles and sends verified leads straight to your cold-email campaigns. Accurate, affordable, and
          your data stays encrypted and is never shared.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {/* A plain navigation: /api/login starts the sign-in flow on the server. */}
          <Button asChild size="lg" variant="gradient">
            <a href="/api/login">
              Start {TRIAL_DAYS}-Day Free Trial <ArrowRight />
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/features">See all features</Link>
          </Button>
        </div>
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <CheckCircle2 className="size-4 text-emerald-600" /> No credit card required
          </li>
          <li className="flex items-center gap-1.5">
            <CheckCircle2 className="size-4 text-emerald-600" /> Bulk CSV processing
          </li>
          <li className="flex items-center gap-1.5">
            <ShieldCheck className="size-4 text-emerald-600" /> Encrypted, never shared
          </li>
        </ul>
      </div>
    </section>
  );
}
