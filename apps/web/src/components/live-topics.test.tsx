import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { renderWithApi } from '../test/render';
import { LiveTopics } from './live-topics';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LiveTopics', () => {
  it('opens one stream for its topics and says "Reconnecting…" while the stream is down', async () => {
    renderWithApi(<LiveTopics topics={['trip:t-1', 'trip:t-1', null, 'group:g-1']} />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest()!;
    // The topics once each, sorted; the cookie goes along.
    expect(JSON.parse(new URL(source.url).searchParams.get('input')!)).toEqual({ json: { topics: ['group:g-1', 'trip:t-1'] } });
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
});
