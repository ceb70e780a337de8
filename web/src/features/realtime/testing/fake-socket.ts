type Listener = (...args: unknown[]) => void;
type Ack = (...args: unknown[]) => void;

export interface EmittedCommand {
  event: string;
  payload: unknown;
}

/**
 * Stands in for socket.io-client's Socket in unit tests (mock `io` to return
 * it): records what the client emits, answers acks like the server would,
 * and lets a test connect, drop and push as the server.
 */
export class FakeSocket {
  connected = false;
  active = false;
  readonly emitted: EmittedCommand[] = [];
  /** The server's answer to a command with an ack; undefined leaves it unanswered. */
  answer: (event: string, payload: unknown) => unknown = () => ({ ok: true, data: { seq: 1 } });
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (this.connected) this.serverDisconnect('io client disconnect');
    return this;
  }

  emit(event: string, payload: unknown, ack?: Ack): this {
    this.emitted.push({ event, payload });
    if (ack) this.reply(event, payload, (answer) => ack(answer));
    return this;
  }

  /** `socket.timeout(ms).emit(...)`: the ack gets `(error, answer)`. */
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: Ack) => {
        this.emitted.push({ event, payload });
        this.reply(event, payload, (answer) => ack(null, answer));
      },
    };
  }

  /** Commands of one kind the client sent, in order. */
  sent(event: string): unknown[] {
    return this.emitted.filter((command) => command.event === event).map((c) => c.payload);
  }

  serverConnect(): void {
    this.active = true;
    this.connected = true;
    this.fire('connect');
  }

  /**
   * As socket.io-client does: after the server's own disconnect the socket
   * stays down (inactive); after a lost transport it stays active and reconnects by itself.
   */
  serverDisconnect(reason = 'transport close'): void {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** A server push. */
  push(event: string, payload?: unknown): void {
    if (payload === undefined) this.fire(event);
    else this.fire(event, payload);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  private reply(event: string, payload: unknown, send: (answer: unknown) => void): void {
    const answer = this.answer(event, payload);
    // Acks arrive later than the emit, as over a real connection.
    if (answer !== undefined) queueMicrotask(() => send(answer));
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}
