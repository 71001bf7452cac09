import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs } from '~/lib/api-types';
import { LiveTopics } from '~/components/live-topics';
import { FakeEventSource } from '~/test/fake-event-source';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, trpcQueryFrom } from '~/test/trpc-handlers';
import { LiveChat } from './live-chat';

configure({ asyncUtilTimeout: 8000 });

type Message = RouterOutputs['concierge']['chat'][number];

/** A tiny concierge server: the chat list, and send appends to it. */
function conversation(initial: Message[]) {
  const messages = [...initial];
  const sent: string[] = [];
  server.use(
    trpcQueryFrom('concierge.chat', () => messages),
    trpcMutation('concierge.send', ({ message }) => {
      sent.push(message);
      const stored: Message = { id: `m-${messages.length + 1}`, userId: 'u-1', message, sender: 'user', timestamp: '2026-11-22T15:05:00.000Z' };
      messages.push(stored);
      return stored;
    }),
  );
  return { messages, sent };
}

// The concierge page follows the traveller's conversation over the live stream.
const renderChat = () =>
  renderWithApi(
    <ToastProvider>
      <LiveTopics topics={['concierge:u-1']} />
      <LiveChat />
    </ToastProvider>,
  );

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Live Chat', () => {
  it('says "No messages yet", ignores a blank message, clears the input on send and shows each message once', async () => {
    const { sent } = conversation([]);
    renderChat();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    const input = screen.getByLabelText('Message');
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, 'Is breakfast included?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(input).toHaveValue('');
    const list = await screen.findByRole('list', { name: 'Conversation with the concierge' });
    expect(await within(list).findByText('Is breakfast included?')).toBeInTheDocument();
    // The message is added at once and comes back with the refetch: still one bubble.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(sent).toEqual(['Is breakfast included?']);
  });

  it("shows the concierge's answer as it arrives, without reloading, in 12-hour time", async () => {
    const { messages } = conversation([{ id: 'm-1', userId: 'u-1', message: 'Hello', sender: 'user', timestamp: '2026-11-22T09:00:00.000Z' }]);
    renderChat();
    const list = await screen.findByRole('list', { name: 'Conversation with the concierge' });
    expect(within(list).getByText('Hello')).toBeInTheDocument();
    messages.push({ id: 'm-2', userId: 'u-1', message: 'Good morning! How can I help?', sender: 'concierge', timestamp: '2026-11-22T09:01:00.000Z' });
    // The server pushes the change (no data, only what changed); the chat refetches it.
    expect(FakeEventSource.latest()?.url).toContain('live.changes');
    FakeEventSource.latest()!.push({ position: 7, topic: 'concierge:u-1', rowId: 'm-2', kind: 'message' }, '7');
    expect(await within(list).findByText('Good morning! How can I help?')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText(/^\d{1,2}:\d{2} (AM|PM)$/)).toHaveLength(2);
  });

  it('puts a message the server refused back in the input, with its reason on it', async () => {
    conversation([]);
    server.use(trpcFieldError('concierge.send', 'message', 'Too long'));
    renderChat();
    const input = await screen.findByLabelText('Message');
    await userEvent.type(input, 'Is breakfast included?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(input).toHaveValue('Is breakfast included?');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Your message was not sent')).toBeInTheDocument();
  });
});
