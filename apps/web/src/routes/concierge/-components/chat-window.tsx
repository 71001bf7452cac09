import { Button } from '@naav/ui/button';
import { sendMessageInput } from '@naav/schemas/concierge';
import { useEffect, useId, useRef } from 'react';
import type { RouterOutputs } from '~/lib/api-types';
import { LoadingBlock } from '~/components/loading-block';
import { applyServerErrors, firstError, schemaValidator, submitWith, useAppForm } from '~/components/form';
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

  const checkMessage = schemaValidator(sendMessageInput, (values: { message: string }) => values);
  const form = useAppForm({
    defaultValues: { message: '' },
    validators: {
      // An empty or whitespace-only message is ignored (§5): no error, nothing sent.
      onSubmit: ({ value }) => (value.message.trim() ? checkMessage({ value }) : undefined),
    },
    onSubmit: async ({ value }) => {
      const message = value.message.trim();
      if (!message) return;
      // The input clears at once; a message that was not sent comes back to it.
      form.reset();
      try {
        await onSend(message);
      } catch (error) {
        form.setFieldValue('message', message);
        applyServerErrors(form, error);
      }
    },
  });

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
      <form
        onSubmit={submitWith(form)}
        noValidate
        className="border-t border-slate-200 p-3"
      >
        <form.Field name="message">
          {(field) => {
            const error = firstError(field.state.meta);
            return (
              <>
                <div className="flex gap-2">
                  <label className="sr-only" htmlFor={inputId}>
                    Message
                  </label>
                  <input
                    id={inputId}
                    name={field.name}
                    value={field.state.value}
                    onChange={(e) => field.handleChange(e.target.value)}
                    onBlur={field.handleBlur}
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
              </>
            );
          }}
        </form.Field>
      </form>
    </div>
  );
}
