import { FolderOpen } from 'lucide-react';
import type { ChangeEvent, Ref } from 'react';
import { cn } from '../lib/utils';
import { buttonVariants } from './button';

/**
 * A file input that looks like the kit's buttons. The real input stays in the page (visually hidden,
 * focusable, named by its <Label htmlFor={id}>), so Tab, Space and screen readers use it as usual; the
 * button face only mirrors its focus and opens it on click; the chosen file's name is announced.
 */
export function FilePicker({
  id,
  accept,
  disabled,
  fileName,
  onChange,
  inputRef,
  describedBy,
  buttonText = 'Choose file',
}: {
  id: string;
  accept?: string;
  disabled?: boolean;
  fileName: string | null;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
  buttonText?: string;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={[describedBy, `${id}-chosen`].filter(Boolean).join(' ')}
        className="peer sr-only"
      />
      {/* Out of the tab order and the accessibility tree: the input above is the control. A real
          (disabled) button, so a disabled face is exempt from contrast rules like the kit's buttons. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onClick={() => document.getElementById(id)?.click()}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'shrink-0 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
        )}
      >
        <FolderOpen /> {buttonText}
      </button>
      <span id={`${id}-chosen`} className="min-w-0 truncate text-sm text-muted-foreground" aria-live="polite">
        {fileName ?? 'No file chosen'}
      </span>
    </div>
  );
}
