import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type {
  ConnectionStatus,
  ProviderContext,
  ProviderFactory,
  RoomProvider,
} from '../../src/sync/providers/provider.js';
import type { SyncError } from '../../core/errors.js';
import type { Transport } from '../../core/transport/types.js';

/** A room member made by hand: a document, its awareness, and what its provider reported. */
export interface RawMember {
  readonly doc: Y.Doc;
  readonly awareness: Awareness;
  readonly provider: RoomProvider;
  readonly statuses: ConnectionStatus[];
  readonly errors: SyncError[];
}

const noTransport = {} as Transport;

/** Opens `room` on `factory` with a fresh document, as SyncManager would. */
export function openRaw(factory: ProviderFactory, room: string, doc = new Y.Doc()): RawMember {
  const awareness = new Awareness(doc);
  const statuses: ConnectionStatus[] = [];
  const errors: SyncError[] = [];
  const context: ProviderContext = {
    room,
    doc,
    awareness,
    transport: noTransport,
    setStatus: (status) => statuses.push(status),
    reportError: (error) => errors.push(error),
  };
  return { doc, awareness, provider: factory(context), statuses, errors };
}
