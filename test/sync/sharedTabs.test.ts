/**
 * One person, many tabs (`SyncOptions.tabs`): the tabs of one fake browser elect one leader that
 * alone holds the network connection; the others edit through it, collaborators see the person
 * once, a leader that dies hands over with nothing lost, and junk on the channel changes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import type { ProviderFactory } from '../../src/sync/providers/provider.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import { memoryNetwork, type MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { electTab } from '../../src/sync/providers/tabElection.js';
import { TAB_MESSAGE_MARK, TAB_MESSAGE_VERSION, parseTabMessage } from '../../src/sync/shared/tabMessages.js';
import { FakeBrowser, type FakeTab } from './fakeTabs.js';

type TabsOption = ReturnType<FakeTab['tabsOption']> | 'separate';

/** Waits on a condition; the generous limit is for a loaded machine, not the expected time. */
const waitFor = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 20 });

const open: RootStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.dispose();
});

function transportTo(mock: MockWordPress): RestTransport {
  return new RestTransport({
    root: mock.restRoot,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => mock.handle(new Request(input, init)),
    retry: { limit: 0 },
  });
}

/** A network provider that counts the rooms it opens (one per connection to the network). */
function counted(net: MemoryNetwork): ProviderFactory & { opened: number } {
  const inner = net.provider();
  const factory = Object.assign(
    (context: Parameters<ProviderFactory>[0]) => {
      factory.opened += 1;
      return inner(context);
    },
    { opened: 0 },
  );
  return factory;
}

interface Person {
  store: RootStore;
  record: EntityRecord<object>;
  provider: ReturnType<typeof counted>;
}

async function openPost(
  mock: MockWordPress,
  net: MemoryNetwork,
  id: number,
  user: number,
  tabs: TabsOption,
): Promise<Person> {
  const provider = counted(net);
  const store = new RootStore({
    transport: transportTo(mock),
    sync: {
      user: { id: user, name: `User ${user}`, color: '#333' },
      providers: [provider],
      undoCaptureTimeoutMs: 0,
      tabs,
    },
  });
  open.push(store);
  const record = store.record('postType', 'post', id) as EntityRecord<object>;
  await record.fetch();
  await store.sync!.join(record);
  return { store, record, provider };
}

function site(): { mock: MockWordPress; net: MemoryNetwork; id: number } {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft' });
  return { mock, net: memoryNetwork(), id };
}

const titleOf = (person: Person): string => (person.record.edited as { title: string }).title;

/** Types `text` at the end of the title, one keystroke (edit) at a time. */
function type(person: Person, text: string): void {
  for (const char of text) person.record.edit({ title: titleOf(person) + char } as never);
}

const LEAD_LOCK = /^wp-entities:sync-leader-v\d+:/;

function leaderOf(browser: FakeBrowser): FakeTab | undefined {
  const name = browser.lockNames.find((lock) => LEAD_LOCK.test(lock));
  return name === undefined ? undefined : browser.holderOf(name);
}

describe('tabs of one browser share one connection', () => {
  it('three tabs make one connection, and the collaborator sees one person', async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const tabs = [browser.tab(), browser.tab(), browser.tab()];
    const mine: Person[] = [];
    for (const tab of tabs) mine.push(await openPost(mock, net, id, 1, tab.tabsOption()));
    const other = await openPost(mock, net, id, 2, 'separate');

    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    await waitFor(() => {
      for (const person of mine) expect(person.store.sync!.connection(person.record)).toBe('connected');
    });
    // One of the three tabs' providers opened the room; the others never touched the network.
    expect(mine.reduce((sum, person) => sum + person.provider.opened, 0)).toBe(1);
    expect(other.store.sync!.peers(other.record)[0]!.user.id).toBe(1);
    // Each of my tabs sees the collaborator, and not my other tabs.
    for (const person of mine) {
      await waitFor(() =>
        expect(person.store.sync!.peers(person.record).map((peer) => peer.user.id)).toEqual([2]),
      );
    }

    // What any tab types reaches the collaborator and every other tab; and back.
    type(mine[2]!, ' from tab 3');
    type(other, ' and Bo');
    await waitFor(() => {
      for (const person of [...mine, other]) expect(titleOf(person)).toBe(titleOf(other));
      expect(titleOf(other)).toContain(' from tab 3');
      expect(titleOf(other)).toContain(' and Bo');
    });
    // Still one person, still one connection.
    expect(other.store.sync!.peers(other.record)).toHaveLength(1);
    expect(mine.reduce((sum, person) => sum + person.provider.opened, 0)).toBe(1);
  });

  it('shows the person where their most recently active tab is', async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const first = await openPost(mock, net, id, 1, browser.tab().tabsOption());
    const second = await openPost(mock, net, id, 1, browser.tab().tabsOption());
    const other = await openPost(mock, net, id, 2, 'separate');
    first.store.sync!.setLocalPresence(first.record, { field: 'title', selection: { start: 1, end: 1 } });
    await waitFor(() => expect(other.store.sync!.peers(other.record)[0]?.field).toBe('title'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    second.store.sync!.setLocalPresence(second.record, { field: 'content', selection: { start: 2, end: 3 } });
    await waitFor(() => {
      const peers = other.store.sync!.peers(other.record);
      expect(peers).toHaveLength(1);
      expect(peers[0]).toMatchObject({ field: 'content', selection: { start: 2, end: 3 } });
    });
  });

  it('a leader that crashes mid-typing hands over at once, and every keystroke arrives exactly once', async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const tabs = [browser.tab(), browser.tab(), browser.tab()];
    const mine: Person[] = [];
    for (const tab of tabs) mine.push(await openPost(mock, net, id, 1, tab.tabsOption()));
    const other = await openPost(mock, net, id, 2, 'separate');
    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    const leaderTab = leaderOf(browser)!;
    const leader = mine[tabs.indexOf(leaderTab)]!;
    const followers = mine.filter((person) => person !== leader);

    type(followers[0]!, 'abc');
    type(leader, 'LEAD');
    // The leader dies: no goodbye on the channel, its lock is freed, its connection drops.
    leaderTab.crash();
    const crashedAt = Date.now();
    leader.store.dispose();
    // Typed while nobody leads, and while the new leader takes over.
    type(followers[0]!, 'def');
    type(followers[1]!, 'XYZ');
    await waitFor(() => expect(leaderOf(browser)).toBeDefined());
    expect(Date.now() - crashedAt).toBeLessThan(2000);
    type(followers[1]!, '123');

    await waitFor(() => {
      expect(titleOf(other)).toBe(titleOf(followers[0]!));
      expect(titleOf(other)).toBe(titleOf(followers[1]!));
      for (const part of ['abc', 'def', 'XYZ', '123']) expect(titleOf(other)).toContain(part);
    });
    // Exactly once: every character typed is there once, nothing doubled by the re-sent states.
    const typed = 'abcLEADdefXYZ123';
    const title = titleOf(other);
    expect(title.startsWith('Hello')).toBe(true);
    expect([...title.slice('Hello'.length)].sort()).toEqual([...typed].sort());
    // The collaborator ends up seeing one person again (the dead leader's entry is gone with it).
    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    // And the new leader alone opened one more connection.
    expect(followers.reduce((sum, person) => sum + person.provider.opened, 0)).toBe(1);
  });

  it('a leader hidden for long hands the connection to a visible tab', async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const firstTab = browser.tab();
    const secondTab = browser.tab();
    const first = await openPost(mock, net, id, 1, firstTab.tabsOption(30));
    const second = await openPost(mock, net, id, 1, secondTab.tabsOption(30));
    const other = await openPost(mock, net, id, 2, 'separate');
    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    expect(leaderOf(browser)).toBe(firstTab);
    firstTab.setHidden(true);
    await waitFor(() => expect(leaderOf(browser)).toBe(secondTab));
    type(first, ' still synced');
    await waitFor(() => expect(titleOf(other)).toBe('Hello still synced'));
    expect(titleOf(second)).toBe('Hello still synced');
    expect(second.provider.opened).toBe(1);
  });

  it('without Web Locks or BroadcastChannel (Node), each store keeps its own connection', async () => {
    const { mock, net, id } = site();
    const a = await openPost(mock, net, id, 1, undefined as never);
    const b = await openPost(mock, net, id, 1, undefined as never);
    expect(a.provider.opened + b.provider.opened).toBe(2);
    type(a, '!');
    await waitFor(() => expect(titleOf(b)).toBe('Hello!'));
  });
});

describe('whose a change is, behind one connection', () => {
  /** The user ids `sync.foreignEdits` names for `field` in `person`'s record. */
  const namedFor = (person: Person, field: string): number[] | undefined =>
    person.store
      .sync!.foreignEdits(person.record)
      .find((edit) => edit.field === field)
      ?.people.map((peer) => peer.user.id);

  it("a change from any of a person's tabs names them, after that tab closes and after a hand-over", async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const tabs = [browser.tab(), browser.tab(), browser.tab()];
    const mine: Person[] = [];
    for (const tab of tabs) mine.push(await openPost(mock, net, id, 1, tab.tabsOption()));
    const other = await openPost(mock, net, id, 2, 'separate');
    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    const leaderTab = leaderOf(browser)!;
    const leader = mine[tabs.indexOf(leaderTab)]!;
    const [first, second] = mine.filter((person) => person !== leader) as [Person, Person];

    // A follower's keystrokes, and the leader's own: each tab's document writes under its own
    // client id, which is not the id the person's presence goes by.
    type(first, ' typed in a follower');
    leader.record.edit({ content: 'Typed in the leader' } as never);
    await waitFor(() => {
      expect(namedFor(other, 'title')).toEqual([1]);
      expect(namedFor(other, 'content')).toEqual([1]);
    });
    const peer = other.store.sync!.peers(other.record)[0]!;
    for (const person of mine)
      expect(peer.clientIds).toContain(person.store.sync!.doc(person.record).clientID);

    // The follower closes: its change is still the person's.
    first.store.dispose();
    type(second, '!');
    await waitFor(() => expect(titleOf(other)).toContain('follower!'));
    expect(namedFor(other, 'title')).toEqual([1]);

    // The leader dies: the next leader names the earlier changes of every tab, the dead one's too.
    leaderTab.crash();
    leader.store.dispose();
    await waitFor(() => expect(leaderOf(browser)).toBeDefined());
    await waitFor(() => {
      const peers = other.store.sync!.peers(other.record);
      expect(peers).toHaveLength(1);
      expect(peers[0]!.clientId).not.toBe(peer.clientId);
    });
    second.record.edit({ excerpt: 'After the hand-over' } as never);
    await waitFor(() => expect(namedFor(other, 'excerpt')).toEqual([1]));
    expect(namedFor(other, 'title')).toEqual([1]);
    expect(namedFor(other, 'content')).toEqual([1]);
  });

  it("a change from the person's other tab is their own: not a foreign edit, and their save asks nothing", async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const first = await openPost(mock, net, id, 1, browser.tab().tabsOption());
    const second = await openPost(mock, net, id, 1, browser.tab().tabsOption());
    const other = await openPost(mock, net, id, 2, 'separate');
    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    // The leader knows both tabs' ids (it told the tabs before its presence left for the network).
    await waitFor(() => {
      const ids = other.store.sync!.peers(other.record)[0]!.clientIds;
      for (const person of [first, second])
        expect(ids).toContain(person.store.sync!.doc(person.record).clientID);
    });

    // Publishing needs more than editing: were it someone else's, the save would stop and ask.
    first.record.edit({ status: 'publish' } as never);
    await waitFor(() => expect((second.record.edited as { status: string }).status).toBe('publish'));
    expect(second.store.sync!.foreignEdits(second.record)).toEqual([]);
    // The collaborator's change still is someone else's.
    type(other, ' and Bo');
    await waitFor(() => expect(namedFor(second, 'title')).toEqual([2]));
    expect(second.store.sync!.foreignEdits(second.record).map((edit) => edit.field)).toEqual(['title']);
    await second.store.sync!.save(second.record);
    expect(mock.getPost(id)).toMatchObject({ status: 'publish' });
  });

  it("a person's list of client ids from the network is cut to 32 Yjs ids", async () => {
    const { mock, net, id } = site();
    const mine = await openPost(mock, net, id, 1, 'separate');
    const room = (mine.store.sync as unknown as { roomName(record: unknown): string }).roomName(mine.record);
    const hostile = new Y.Doc();
    const awareness = new Awareness(hostile);
    const listed = [
      7,
      7,
      -1,
      1.5,
      'x',
      2 ** 32,
      ...Array.from({ length: 100_000 }, (_, index) => index + 100),
    ];
    awareness.setLocalState({ user: { id: 9, name: 'Mallory', color: '#000' }, clientIds: listed });
    // Another machine on the network, sending that presence as any provider would.
    const provider = net.provider()({
      room,
      doc: hostile,
      awareness,
      transport: transportTo(mock),
      setStatus: () => undefined,
      reportError: () => undefined,
    });
    await waitFor(() => expect(mine.store.sync!.peers(mine.record)).toHaveLength(1));
    const [peer] = mine.store.sync!.peers(mine.record);
    expect(peer!.clientIds).toHaveLength(32);
    expect(peer!.clientIds.slice(0, 3)).toEqual([hostile.clientID, 7, 100]);
    await provider.destroy();
    awareness.destroy();
  });
});

describe('the channel is hostile input', () => {
  it('junk on the channel changes no document and is reported once', async () => {
    const { mock, net, id } = site();
    const browser = new FakeBrowser();
    const mine = [
      await openPost(mock, net, id, 1, browser.tab().tabsOption()),
      await openPost(mock, net, id, 1, browser.tab().tabsOption()),
    ];
    const other = await openPost(mock, net, id, 2, 'separate');
    await waitFor(() => expect(other.store.sync!.peers(other.record)).toHaveLength(1));
    const room = (mine[0]!.store.sync as unknown as { roomName(record: unknown): string }).roomName(
      mine[0]!.record,
    );
    const before = mine.map((person) => Y.encodeStateVector(person.store.sync!.doc(person.record)));
    const attacker = browser
      .tab('attacker')
      .openChannel(browser.tabs[0]!.channels.values().next().value!.name);
    const mark = { wpe: TAB_MESSAGE_MARK, v: TAB_MESSAGE_VERSION, from: 'attacker' };
    const junk: unknown[] = [
      'hello',
      null,
      { type: 'update', room, update: new Uint8Array([1, 2, 3]) },
      { ...mark, t: 'update', room, update: new Uint8Array([255, 255, 255, 255, 1]) },
      { ...mark, t: 'update', room, update: 'not bytes' },
      { ...mark, t: 'push', room, update: new Uint8Array([0, 0]), extra: true },
      { ...mark, t: 'join', room, entity: { kind: 'postType' }, state: new Uint8Array([0, 0]) },
      { ...mark, t: 'presence', room, state: { user: { id: 'x' } }, activeAt: 1, visible: true },
      { ...mark, t: 'awareness', room, update: new Uint8Array([1, 5, 1, 3, 0x7b, 0x7b, 0x7b]) },
      { ...mark, t: 'status', room, status: 'hacked' },
      { ...mark, v: TAB_MESSAGE_VERSION - 1, t: 'leader' },
      { ...mark, t: 'writers', room, clientIds: [] },
      { ...mark, t: 'nonsense' },
    ];
    for (const data of junk) attacker.postMessage(data);
    await new Promise((resolve) => setTimeout(resolve, 50));
    mine.forEach((person, index) => {
      expect(Y.encodeStateVector(person.store.sync!.doc(person.record))).toEqual(before[index]);
      expect(titleOf(person)).toBe('Hello');
      const reports = person.store.sync!.errors.filter((error) => error.code === 'unknown-message');
      expect(reports).toHaveLength(1);
      expect(person.store.sync!.connection(person.record)).toBe('connected');
    });
    // The tabs still work together.
    type(mine[1]!, '!');
    await waitFor(() => expect(titleOf(other)).toBe('Hello!'));
  });

  it('parseTabMessage accepts only the shapes the library writes', () => {
    const mark = { wpe: TAB_MESSAGE_MARK, v: TAB_MESSAGE_VERSION, from: 'tab' };
    const update = Y.encodeStateAsUpdate(new Y.Doc());
    expect(parseTabMessage({ ...mark, t: 'push', room: 'r', update })).toHaveProperty('message');
    expect(parseTabMessage({ ...mark, t: 'leader' })).toHaveProperty('message');
    expect(
      parseTabMessage({
        ...mark,
        t: 'presence',
        room: 'r',
        state: { user: { id: 1, name: 'A', color: '#000' }, field: 'title', selection: { start: 0, end: 1 } },
        activeAt: 5,
        visible: false,
        clientIds: [42, 7],
      }),
    ).toHaveProperty('message');
    expect(parseTabMessage({ ...mark, t: 'writers', room: 'r', clientIds: [42, 7] })).toHaveProperty(
      'message',
    );
    for (const bad of [
      undefined,
      [],
      { ...mark, t: 'push', room: '', update },
      { ...mark, t: 'push', room: 'r', update: [...update] },
      { ...mark, t: 'push', room: 'r', update: new Uint8Array() },
      { ...mark, from: 7, t: 'leader' },
      { ...mark, t: 'leader', to: 3 },
      { ...mark, t: 'store', room: 'r', value: 42 },
      {
        ...mark,
        t: 'presence',
        room: 'r',
        state: { user: { id: 1, name: 'A', color: '#000' }, script: 'x' },
        activeAt: 1,
        visible: true,
        clientIds: [1],
      },
      // Client ids: Yjs's (unsigned 32-bit integers), one at least, no more than a person may list.
      ...[[], [-1], [1.5], ['7'], [2 ** 32], Array.from({ length: 33 }, (_, index) => index + 1)].map(
        (clientIds) => ({
          ...mark,
          t: 'presence',
          room: 'r',
          state: null,
          activeAt: 1,
          visible: true,
          clientIds,
        }),
      ),
      { ...mark, t: 'writers', room: 'r', clientIds: 'all' },
      { ...mark, t: 'join', room: 'r', entity: { kind: 'k', name: 'n', id: {} }, state: update },
      Object.assign(Object.create({ polluted: true }) as object, { ...mark, t: 'leader' }),
    ]) {
      expect(parseTabMessage(bad)).toHaveProperty('invalid');
    }
  });
});

describe('electTab', () => {
  it('one tab leads at a time; the next one in the queue leads when it stops or hands over', async () => {
    const browser = new FakeBrowser();
    const leads: string[] = [];
    const elect = (tab: FakeTab) =>
      electTab(tab.locks, 'lock', {
        onLead: () => leads.push(`${tab.name} leads`),
        onStepDown: () => leads.push(`${tab.name} steps down`),
      });
    const [a, b, c] = [browser.tab('a'), browser.tab('b'), browser.tab('c')];
    const ea = elect(a);
    await waitFor(() => expect(ea.isLeader).toBe(true));
    const eb = elect(b);
    const ec = elect(c);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([ea.isLeader, eb.isLeader, ec.isLeader]).toEqual([true, false, false]);
    ea.handOver();
    await waitFor(() => expect(eb.isLeader).toBe(true));
    expect(ea.isLeader).toBe(false);
    b.crash();
    await waitFor(() => expect(ec.isLeader).toBe(true));
    ec.stop();
    await waitFor(() => expect(ea.isLeader).toBe(true));
    ea.stop();
    ea.stop();
    expect(leads).toEqual([
      'a leads',
      'a steps down',
      'b leads',
      'c leads',
      'c steps down',
      'a leads',
      'a steps down',
    ]);
  });

  it('a tab that stops while waiting never leads', async () => {
    const browser = new FakeBrowser();
    const a = electTab(browser.tab().locks, 'lock', { onLead: () => undefined, onStepDown: () => undefined });
    const onLead = vi.fn();
    const b = electTab(browser.tab().locks, 'lock', { onLead, onStepDown: () => undefined });
    b.stop();
    a.stop();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(onLead).not.toHaveBeenCalled();
  });
});
