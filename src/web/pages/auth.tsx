import { BadgeCheck, Camera, LogIn, Send } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { type Plan, planSchema, TRIAL_DAYS } from '../../shared/plans';
import { CreateAccountForm } from '../features/auth/CreateAccountForm';
import { PlanBanner } from '../features/auth/PlanBanner';
import { SignInForm } from '../features/auth/SignInForm';
import { safeNext } from '../lib/sign-in';
import { useBranding } from '../lib/use-branding';
import { cn } from '../lib/utils';
import { Alert, AlertDescription } from '../ui/alert';
import { Logo } from '../ui/Logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';

type Mode = 'register' | 'login';

// ?plan= is one of hobbyist, professional, whitelabel; anything else falls back to hobbyist.
export function planFromSearch(search: string): Plan {
  const parsed = planSchema.safeParse(new URLSearchParams(search).get('plan'));
  return parsed.success ? parsed.data : 'hobbyist';
}

const PERKS = [
  { icon: BadgeCheck, text: 'Two-step verification with 99.9% accuracy' },
  { icon: Camera, text: 'Find emails from Instagram profiles' },
  { icon: Send, text: 'Send verified leads to Smartlead campaigns' },
];

export default function AuthPage() {
  const search = useSearch();
  const plan = planFromSearch(search);
  // Sent here from a signed-in screen: the visitor most likely has an account, so Sign In comes first.
  const next = safeNext(search);
  // …unless the link asks for the account form (an invitation's "Create an account").
  const asked = new URLSearchParams(search).get('mode');
  const [mode, setMode] = useState<Mode>(
    asked === 'register' || asked === 'login' ? asked : next ? 'login' : 'register',
  );
  const isRegister = mode === 'register';
  const branding = useBranding();
  const branded = branding.source !== 'default';

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col px-4 py-8 sm:px-8">
        <header>
          <Logo />
        </header>
        <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          {next && (
            <Alert className="mb-6" data-testid="sign-in-prompt">
              <LogIn />
              <AlertDescription>
                Please sign in to continue. You'll go straight back to that page.
              </AlertDescription>
            </Alert>
          )}
          <h1 className="text-3xl font-bold tracking-tight">{isRegister ? 'Create Account' : 'Sign In'}</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {isRegister
              ? `Start your ${TRIAL_DAYS}-day free trial. No credit card required.`
              : `Welcome back to ${branding.productName}.`}
          </p>

          <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)} className="mt-6">
            <TabsList aria-label="Account" className="grid w-full grid-cols-2">
              <TabsTrigger value="register">Create Account</TabsTrigger>
              <TabsTrigger value="login">Sign In</TabsTrigger>
            </TabsList>
            <TabsContent value="register" className="mt-6 grid gap-6">
              <PlanBanner plan={plan} />
              <CreateAccountForm plan={plan} />
            </TabsContent>
            <TabsContent value="login" className="mt-6">
              <SignInForm />
            </TabsContent>
          </Tabs>

          <p className="mt-6 text-center text-sm text-muted-foreground">
            {isRegister ? 'Already have an account?' : "Don't have an account?"}{' '}
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setMode(isRegister ? 'login' : 'register')}
            >
              {isRegister ? 'Sign In' : 'Create Account'}
            </button>
          </p>
          {branding.supportEmail && (
            <p className="mt-4 text-center text-sm text-muted-foreground">
              Need help? Write to{' '}
              <a
                className="font-medium text-primary underline-offset-4 hover:underline"
                href={`mailto:${branding.supportEmail}`}
              >
                {branding.supportEmail}
              </a>
            </p>
          )}
        </main>
      </div>

      <aside
        className={cn(
          'relative hidden overflow-hidden p-12 lg:flex lg:flex-col lg:justify-center',
          branded
            ? 'bg-primary text-primary-foreground'
            : 'bg-gradient-to-br from-indigo-600 via-violet-600 to-purple-700 text-white',
        )}
        data-testid="auth-aside"
      >
        {!branded && <div className="absolute -right-24 -top-24 size-96 rounded-full bg-white/10 blur-3xl" />}
        <h2 className="max-w-md text-4xl font-bold leading-tight">Verified leads, ready for outreach.</h2>
        <p className={cn('mt-4 max-w-md', branded ? 'opacity-90' : 'text-indigo-100')}>
          Upload a list, verify it in two steps and send only real inboxes to your campaigns.
        </p>
        <ul className="mt-10 grid max-w-md gap-4">
          {PERKS.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className={cn(
                'flex items-center gap-3 rounded-lg px-4 py-3',
                // Any tint would lower the contrast the brand colour was checked for.
                branded ? 'border border-primary-foreground/40' : 'bg-white/10 backdrop-blur',
              )}
            >
              <Icon className="size-5 shrink-0" /> {text}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
