import { Button } from '@naav/ui/button';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { RouterOutputs } from '../../../lib/api-types';
import { LoadingBlock } from '../../../components/loading-block';
import { formatClock } from './concierge-hours';

export type ChatMessage = RouterOutputs['concierge']['chat'][number];

/**
 * The 500 px conversation window with its input, shared by the traveller's Live Chat and the
 * agent's thread. `mine` is the sender shown on the right.
 */
export function ChatWindow({
  label,
  messages,
  loading,
  mine,
  onSend,
  sending,
  placeholder = 'Type your message...',
  waitingIds = [],
}: {
  label: string;
  messages: ChatMessage[] | undefined;
  loading: boolean;
  mine: ChatMessage['sender'];
  onSend: (message: string) => Promise<unknown>;
  sending: boolean;
  placeholder?: string;
  /** Messages written without a network, not yet sent: marked "Waiting to sync". */
  waitingIds?: string[];
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const count = messages?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the message count is the trigger: a new message scrolls the list to the bottom
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const message = draft.trim();
    // An empty or whitespace-only message is ignored (§5).
    if (!message) return;
    setDraft('');
    try {
      await onSend(message);
    } catch {
      setDraft(message);
    }
  };

  return (
    <div className="flex h-[500px] flex-col rounded-xl border border-slate-200 bg-surface">
      <div className="min-h-0 flex-1">
        {loading ? (
          <div className="p-4">
            <LoadingBlock text="Loading messages..." rows={2} />
          </div>
        ) : count === 0 ? (
          <p className="flex h-full items-center justify-center p-4 text-muted">No messages yet</p>
        ) : (
          <ol ref={listRef} aria-label={label} aria-live="polite" className="h-full space-y-3 overflow-y-auto p-4">
            {messages!.map((m) => (
              <li key={m.id} className={`flex ${m.sender === mine ? 'justify-end' : 'justify-start'}`}>
                <div
                  className={`max-w-[80%] rounded-2xl px-4 py-2 ${m.sender === mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-ink'}`}
                >
                  <p className="sr-only">{m.sender === 'user' ? 'Traveller' : 'Concierge'}:</p>
                  <p className="whitespace-pre-wrap break-words">{m.message}</p>
                  <p className={`mt-1 text-xs ${m.sender === mine ? 'text-white/80' : 'text-muted'}`}>
                    {formatClock(m.timestamp)}
                    {waitingIds.includes(m.id) ? ' · Waiting to sync' : null}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
      <form onSubmit={(e) => void submit(e)} className="flex gap-2 border-t border-slate-200 p-3">
        <label className="sr-only" htmlFor={inputId}>
          Message
        </label>
        <input
          id={inputId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={placeholder}
          maxLength={2000}
          autoComplete="off"
          className="min-h-11 flex-1 rounded-lg border border-slate-300 px-3 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
        />
        <Button type="submit" disabled={sending}>
          Send
        </Button>
      </form>
    </div>
  );
}
