import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { TOAST_DURATION, useToast } from '../lib/toast';
import { cn } from '../lib/utils';

const variantClass = {
  default: 'border bg-card text-foreground',
  success: 'border-emerald-200 bg-card text-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const;

// Renders the (at most one) toast from the store in use-toast.ts; Radix closes it after 5 s.
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right">
      {toasts.map(({ id, title, description, action, variant = 'default', open, duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          data-testid="toast"
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg p-4 pr-8 shadow-lg animate-slide-in data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variantClass[variant],
          )}
        >
          {variant === 'success' && <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" />}
          {variant === 'destructive' && <CircleAlert className="mt-0.5 size-5 shrink-0" />}
          <div className="grid gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {description}
              </ToastPrimitive.Description>
            )}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
