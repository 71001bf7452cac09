import { Button } from '@naav/ui/button';
import { Icon } from '../icon';

/** An event's description holds at most this much of a text that could not be read. */
const maxDescription = 1000;

/** The text of what was read, for "Add it by hand": text files as they are, anything else by its name. */
export async function textOf(files: File[]): Promise<string> {
  const parts = await Promise.all(
    files.map((f) =>
      f.type.startsWith('text/') || /\.(txt|eml|html?|ics)$/i.test(f.name) ? f.text().catch(() => f.name) : f.name,
    ),
  );
  return parts.join('\n\n');
}

/** When nothing reads as a booking: never a dead end, the traveller adds it as an event with the text kept. */
export function AddByHand({ text, onAdd }: { text: string; onAdd: (description: string) => void }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-canvas p-4">
      <p className="text-sm text-ink">
        Nothing here reads as a booking. Add it by hand: the new event starts with this text in its description.
      </p>
      <Button className="mt-3" onClick={() => onAdd(text.trim().slice(0, maxDescription))}>
        <Icon name="plus" />
        Add it by hand
      </Button>
    </div>
  );
}
