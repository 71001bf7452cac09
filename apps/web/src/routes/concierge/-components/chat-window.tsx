import { Button } from '@naav/ui/button';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { RouterOutputs } from '~/lib/api-types';
import { LoadingBlock } from '~/components/loading-block';
import { fieldErrorsOf } from '~/components/api-errors';
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
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const listRef = useRef<HTMLOListElement>(null);
  const count = messages?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the message count is the trigger: a new message scrolls the list to the bottom
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  // One field, held here: the chat is the screen's first paint, and the form library stays out of it.
  // The input's maxLength is the schema's (sendMessageInput); the server checks the rest and its
  // answer goes under the field.
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = draft.trim();
    // An empty or whitespace-only message is ignored (§5): no error, nothing sent.
    if (!message) return;
    // The input clears at once; a message that was not sent comes back to it.
    setDraft('');
    setError(undefined);
    try {
      await onSend(message);
    } catch (failure) {
      setDraft(message);
      setError(fieldErrorsOf(failure)['message']);
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
      <form onSubmit={(event) => void submit(event)} noValidate className="border-t border-slate-200 p-3">
        <div className="flex gap-2">
          <label className="sr-only" htmlFor={inputId}>
            Message
          </label>
          <input
            id={inputId}
            name="message"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={placeholder}
            maxLength={2000}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="min-h-11 flex-1 rounded-lg border border-slate-300 px-3 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
          <Button type="submit" disabled={sending}>
            Send
          </Button>
        </div>
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-danger-600">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
