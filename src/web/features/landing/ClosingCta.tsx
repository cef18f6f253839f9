import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { TRIAL_DAYS } from '../../../shared/plans';
import { Button } from '../../ui/button';

export function ClosingCta() {
  return (
    <section className="px-4 py-20">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-16 text-center text-white shadow-2xl shadow-indigo-500/20">
        <h2 className="text-3xl font-bold tracking-tight md:text-4xl">Ready to clean up your lists?</h2>
        <p className="mx-auto mt-4 max-w-xl text-indigo-100">
          Start your {TRIAL_DAYS}-day free trial today. No credit card required.
        </p>
        <Button asChild size="lg" variant="secondary" className="mt-8">
          <Link href="/auth">
            Get Started Free <ArrowRight />
          </Link>
        </Button>
      </div>
    </section>
  );
}
