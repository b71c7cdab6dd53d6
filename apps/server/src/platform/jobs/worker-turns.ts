/**
 * The job worker's turns: requests to claim (for some queues, or all of them) that come while a turn runs are
 * gathered into the next turn, so a burst of notifications costs one turn, not one each; one turn runs at a time.
 */
export class WorkerTurns {
  private readonly fill: (queues: 'all' | readonly string[]) => Promise<void>;
  private readonly stopped: () => boolean;
  private running: Promise<void> | undefined;
  private scheduled = false;
  private again = false;
  private wanted: Set<string> | 'all' = new Set();

  /** `fill` claims into the free slots of the queues named; `stopped` says when no turn may start. */
  constructor(fill: (queues: 'all' | readonly string[]) => Promise<void>, stopped: () => boolean) {
    this.fill = fill;
    this.stopped = stopped;
  }

  /** The turn running now, if any. */
  get current(): Promise<void> | undefined {
    return this.running;
  }

  /** A turn for `queues` (every queue when not named) once the current tick's other requests are in. */
  soon(queues?: readonly string[]): void {
    if (this.stopped()) return;
    this.want(queues);
    if (this.scheduled) return;
    if (this.running) this.again = true;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.take();
    });
  }

  /** A turn for `queues` (every queue when not named) now, or right after the current one. */
  now(queues?: readonly string[]): Promise<void> {
    if (this.stopped()) return Promise.resolve();
    this.want(queues);
    return this.take();
  }

  private want(queues: readonly string[] | undefined): void {
    if (!queues || this.wanted === 'all') this.wanted = 'all';
    else for (const queue of queues) this.wanted.add(queue);
  }

  /** Runs a turn for what is wanted, unless one runs: then the wanted wait for the next. */
  private take(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const wanted = this.wanted;
    this.wanted = new Set();
    if (wanted !== 'all' && !wanted.size) return Promise.resolve();
    const running = this.fill(wanted === 'all' ? 'all' : [...wanted]).finally(() => {
      this.running = undefined;
      // what was asked for while this turn was claiming gets a turn of its own
      if (this.again && !this.stopped()) {
        this.again = false;
        void this.take();
      }
    });
    this.running = running;
    return running;
  }
}
