/**
 * A fake browser for the tab-sharing tests: Web Locks (one queue per lock name, first come first
 * served, released when the holder's callback settles or its tab crashes) and BroadcastChannels
 * (structured clones, delivered in order in a later task to every other channel of the name).
 */
import type { TabLocks } from '../../src/sync/providers/tabElection.js';
import type { TabChannel } from '../../src/sync/providers/sharedTabs.js';
import type { VisibilitySource } from '../../src/sync/providers/httpPolling/PollingLoop.js';

interface Request {
  tab: FakeTab;
  grant: () => void;
  signal?: AbortSignal | undefined;
}

interface Lock {
  holder: Request | undefined;
  release: (() => void) | undefined;
  queue: Request[];
}

type Listener = (event: { data: unknown }) => void;

/** One tab of the fake browser. */
export class FakeTab {
  isCrashed = false;
  private hidden = false;
  private readonly visibilityListeners = new Set<() => void>();
  readonly channels = new Set<FakeChannel>();

  constructor(
    readonly browser: FakeBrowser,
    readonly name: string,
  ) {}

  /** The lock manager of this tab. */
  get locks(): TabLocks {
    return {
      request: (name, options, callback) => this.browser.request(this, name, options.signal, callback),
    };
  }

  /** Opens a channel in this tab. */
  readonly openChannel = (name: string): TabChannel => {
    const channel = new FakeChannel(this, name);
    this.channels.add(channel);
    return channel;
  };

  /** The tab's visibility, which the test sets with {@link setHidden}. */
  get visibility(): VisibilitySource {
    return {
      isHidden: () => this.hidden,
      subscribe: (listener) => {
        this.visibilityListeners.add(listener);
        return () => this.visibilityListeners.delete(listener);
      },
    };
  }

  /** Hides or shows the tab. */
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const listener of this.visibilityListeners) listener();
  }

  /** The tab dies at once: its locks are released, its channels neither send nor receive. */
  crash(): void {
    this.isCrashed = true;
    this.browser.releaseAll(this);
  }

  /** What the tab's settings of `SyncOptions.tabs` are. */
  tabsOption(hiddenHandOverMs?: number) {
    return {
      locks: this.locks,
      openChannel: this.openChannel,
      visibility: this.visibility,
      pageExit: { subscribe: () => () => undefined },
      ...(hiddenHandOverMs === undefined ? {} : { hiddenHandOverMs }),
    };
  }
}

/** A channel of one fake tab. */
export class FakeChannel implements TabChannel {
  readonly listeners = new Set<Listener>();
  isClosed = false;

  constructor(
    readonly tab: FakeTab,
    readonly name: string,
  ) {}

  postMessage(message: unknown): void {
    if (this.isClosed || this.tab.isCrashed) return;
    const data = structuredClone(message);
    this.tab.browser.posted += 1;
    for (const tab of this.tab.browser.tabs) {
      for (const channel of tab.channels) {
        if (channel === this || channel.name !== this.name) continue;
        setTimeout(() => channel.receive(structuredClone(data)), 0);
      }
    }
  }

  receive(data: unknown): void {
    if (this.isClosed || this.tab.isCrashed) return;
    for (const listener of this.listeners) listener({ data });
  }

  addEventListener(_type: 'message', listener: Listener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }

  close(): void {
    this.isClosed = true;
    this.tab.channels.delete(this);
  }
}

/** Tabs of one origin: they share locks and channels. */
export class FakeBrowser {
  readonly tabs: FakeTab[] = [];
  /** Messages posted on any channel so far. */
  posted = 0;
  private readonly locks = new Map<string, Lock>();

  /** Opens a tab. */
  tab(name = `tab ${this.tabs.length + 1}`): FakeTab {
    const tab = new FakeTab(this, name);
    this.tabs.push(tab);
    return tab;
  }

  /** The tab holding lock `name`, if any. */
  holderOf(name: string): FakeTab | undefined {
    return this.locks.get(name)?.holder?.tab;
  }

  /** The names of the locks held or asked for. */
  get lockNames(): string[] {
    return [...this.locks.keys()];
  }

  /** @internal */
  request(
    tab: FakeTab,
    name: string,
    signal: AbortSignal | undefined,
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    let lock = this.locks.get(name);
    if (lock === undefined) {
      lock = { holder: undefined, release: undefined, queue: [] };
      this.locks.set(name, lock);
    }
    const held = lock;
    return new Promise((resolve, reject) => {
      const request: Request = {
        tab,
        signal,
        grant: () => {
          held.holder = request;
          let isReleased = false;
          held.release = () => {
            if (isReleased) return;
            isReleased = true;
            held.holder = undefined;
            held.release = undefined;
            this.grantNext(held);
          };
          const release = held.release;
          callback({ name }).then(
            (value) => {
              release();
              resolve(value);
            },
            (error: unknown) => {
              release();
              reject(error);
            },
          );
        },
      };
      signal?.addEventListener('abort', () => {
        const index = held.queue.indexOf(request);
        if (index >= 0) {
          held.queue.splice(index, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      held.queue.push(request);
      if (held.holder === undefined) queueMicrotask(() => this.grantNext(held));
    });
  }

  /** @internal */
  releaseAll(tab: FakeTab): void {
    for (const lock of this.locks.values()) {
      lock.queue = lock.queue.filter((request) => request.tab !== tab);
      if (lock.holder?.tab === tab) lock.release?.();
    }
  }

  private grantNext(lock: Lock): void {
    if (lock.holder !== undefined) return;
    const next = lock.queue.shift();
    if (next === undefined) return;
    if (next.tab.isCrashed) {
      this.grantNext(lock);
      return;
    }
    next.grant();
  }
}
