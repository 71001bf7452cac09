import { Button } from '@naav/ui/button';

export type LoadErrorProps = {
  onRetry: () => void;
} & (
  | {
      /** What could not be loaded ("the sharing settings"): the block says it in the house sentence. */
      what: string;
      text?: never;
    }
  | {
      /** The whole sentence, where the section words it itself ("The photos could not be loaded."). */
      text: string;
      what?: never;
    }
);

/** What a section shows when its data could not be loaded: a plain sentence and a retry, without taking the page down. */
export function LoadError({ what, text, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-danger-50 p-4 text-sm text-ink">
      <p>{text ?? `We couldn't load ${what}. Check your connection and try again.`}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
