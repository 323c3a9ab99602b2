/**
 * Reads asked for because a newer version of a record was heard of (a collaborator saved it), at
 * most one in flight per record: a call while one flies asks for one more read after it (the read
 * in flight may predate the version just heard of), and every caller gets the last read's outcome.
 * However many saves a peer announces, a record costs at most two reads at a time.
 *
 * @module
 */

interface Running<V> {
  /** Another call came while the read was in flight: read once more when it ends. */
  again: boolean;
  /** The outcome of the last read; set as soon as the read starts. */
  done: Promise<V> | undefined;
}

/** The refetches of one collection's records. */
export class Refetches<K extends object, V> {
  private readonly running = new Map<K, Running<V>>();

  /** Runs `read` for `key`, or joins the one in flight and asks it to read once more after. */
  run(key: K, read: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running !== undefined) {
      running.again = true;
      return running.done as Promise<V>;
    }
    const state: Running<V> = { again: false, done: undefined };
    this.running.set(key, state);
    state.done = this.loop(key, state, read);
    return state.done;
  }

  private async loop(key: K, state: Running<V>, read: () => Promise<V>): Promise<V> {
    try {
      for (;;) {
        state.again = false;
        let value: V;
        try {
          value = await read();
        } catch (error) {
          if (state.again) continue;
          throw error;
        }
        if (!state.again) return value;
      }
    } finally {
      this.running.delete(key);
    }
  }
}
