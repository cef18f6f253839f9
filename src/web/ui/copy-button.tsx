import { Check, Copy } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Button } from './button';

/**
 * Copies a secret shown once (API token, webhook signing secret) and says so. Give it `key={text}` where
 * a new secret can replace the old one, so "Copied" starts over.
 */
export function CopyButton({ text, ...props }: { text: string } & ComponentProps<typeof Button>) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      {...props}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
