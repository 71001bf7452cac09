import { useId, useRef } from 'react';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { Icon } from './icon';
import { controlClasses } from './form-controls';

/**
 * A read-only address with a Copy button. Where the clipboard is refused (an http page, an old
 * browser) the address is selected for a manual copy and the toast says how.
 */
export function CopyField({ label, copyLabel, value }: { label: string; copyLabel?: string; value: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { toast } = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied to the clipboard', description: value, tone: 'success' });
    } catch {
      inputRef.current?.select();
      toast({
        title: 'Could not copy',
        description: 'The address is selected: press Ctrl+C (or ⌘C) to copy it.',
        tone: 'destructive',
      });
    }
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={inputRef}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={`${controlClasses} mt-0 min-w-0 border-slate-300 font-mono text-sm`}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={copyLabel} className="shrink-0">
          <Icon name="copy" className="size-4" />
          Copy
        </Button>
      </div>
    </div>
  );
}
