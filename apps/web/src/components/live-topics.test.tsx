import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { useTRPC } from '../lib/trpc';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcQueryFrom } from '../test/trpc-handlers';
import { LiveTopics } from './live-topics';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  FakeEventSource.holdConnections = false;
  vi.unstubAllGlobals();
});

/** The traveller's chat as a count of messages. */
function ChatCount() {
  const trpc = useTRPC();
  const chat = useQuery(trpc.concierge.chat.queryOptions());
  return <p>{chat.data ? `${chat.data.length} messages` : 'Loading'}</p>;
}

describe('LiveTopics', () => {
  it('opens one stream for its topics and says "Reconnecting…" while the stream is down', async () => {
    renderWithApi(<LiveTopics topics={['trip:t-1', 'trip:t-1', null, 'group:g-1']} />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest()!;
    // The topics once each, sorted; the cookie goes along.
    expect(JSON.parse(new URL(source.url).searchParams.get('input')!)).toEqual({
      json: { topics: ['group:g-1', 'trip:t-1'] },
    });
    expect(source.withCredentials).toBe(true);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    // The connection drops: the browser reconnects by itself, and the screen says so quietly.
    source.readyState = source.CONNECTING;
    source.dispatchEvent(new Event('error'));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    source.readyState = source.OPEN;
    source.dispatchEvent(new MessageEvent('connected', { data: '{}' }));
    await waitFor(() => expect(status).toHaveTextContent(''));
  });

  it('reads again, once, what was loaded before the stream first connected; a reconnection resumes instead', async () => {
    FakeEventSource.holdConnections = true;
    const messages: { id: string; userId: string; message: string; sender: 'user' | 'concierge'; timestamp: string }[] =
      [];
    let reads = 0;
    server.use(
      trpcQueryFrom('concierge.chat', () => {
        reads += 1;
        return [...messages];
      }),
    );
    renderWithApi(
      <>
        <LiveTopics topics={['concierge:u-1']} />
        <ChatCount />
      </>,
    );
    expect(await screen.findByText('0 messages')).toBeInTheDocument();
    // A message arrives after the chat was read, before the stream listens: no event will name it.
    messages.push({
      id: 'm-1',
      userId: 'u-1',
      message: 'Hello',
      sender: 'concierge',
      timestamp: '2026-11-26T10:00:00.000Z',
    });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest()!;
    source.open();
    expect(await screen.findByText('1 messages')).toBeInTheDocument();
    expect(reads).toBe(2);

    // Dropped and back: the stream resumes from its last event, nothing is read again.
    source.readyState = source.CONNECTING;
    source.dispatchEvent(new Event('error'));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    source.open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    expect(reads).toBe(2);
  });
});
