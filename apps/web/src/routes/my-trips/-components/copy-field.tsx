import { useId } from 'react';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { controlClasses } from '../../../components/form-controls';

/** A read-only address with a Copy button; the text stays selectable where the clipboard is refused. */
export function CopyField({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const id = useId();
  const { toast } = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied to the clipboard', description: value, tone: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the address and copy it yourself.', tone: 'destructive' });
    }
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={`${controlClasses} mt-0 border-slate-300 font-mono text-sm`}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={copyLabel}>
          Copy
        </Button>
      </div>
    </div>
  );
}
