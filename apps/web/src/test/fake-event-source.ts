/**
 * A stand-in for the browser's EventSource (jsdom has none), for the live stream of
 * httpSubscriptionLink: install it with `vi.stubGlobal('EventSource', FakeEventSource)`, then
 * `FakeEventSource.latest()?.push(event, id)` delivers one event as the server would send it.
 */
export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  static latest = () => FakeEventSource.instances.at(-1);
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  withCredentials = false;

  constructor(
    readonly url: string,
    init?: EventSourceInit,
  ) {
    super();
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
    if (!FakeEventSource.holdConnections) queueMicrotask(() => this.open());
  }

  /** When set, a new stream stays connecting until the test calls `open()`. */
  static holdConnections = false;

  /** The server answers: the stream is connected. */
  open() {
    this.readyState = this.OPEN;
    this.dispatchEvent(new MessageEvent('connected', { data: JSON.stringify({}) }));
  }

  /** One event as tRPC's SSE sends it: superjson's envelope, the feed position as the id. */
  push(data: unknown, id: string) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ json: data }), lastEventId: id }));
  }

  close() {
    this.readyState = this.CLOSED;
  }
}
