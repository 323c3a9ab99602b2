/**
 * The Hocuspocus side of the shared-edit guard: judges every update a connection sends with
 * {@link SharedEditGuard}, using the capabilities WordPress gave that connection's user for the
 * room's record, before the update is stored, applied or acknowledged. A refused update never
 * enters the room; the sync server closes that connection and says why.
 *
 * @module
 */
import type { beforeHandleMessagePayload, Extension, afterUnloadDocumentPayload } from '@hocuspocus/server';
import type * as Y from 'yjs';
import {
  SharedEditGuard,
  type RefusedChange,
  type SavedMarkup,
  type SavedValues,
} from '../shared/guardedFields.js';
import { EDIT_ONLY, type RecordCapabilities } from '../shared/recordCapabilities.js';
import { syncMessageUpdate } from './syncMessageUpdate.js';
import type { EntitySyncRules } from '../../../core/entitySync.js';

/** What the sync server keeps in each room connection's Hocuspocus context. */
export interface GuardedContext {
  /** The user's capabilities on the room's record (refreshed by each permission re-check). */
  readonly access?: {
    readonly capabilities: RecordCapabilities;
    readonly savedMarkup?: SavedMarkup;
    readonly savedValues?: SavedValues;
    /** The room's record: its entity's sync rules say which fields the guard judges. */
    readonly record?: { readonly rules: EntitySyncRules };
  };
}

/** Thrown from the hook so Hocuspocus drops the message; carries a close code and reason. */
export class ChangeRefusedError extends Error {
  /** Close code Hocuspocus passes on. */
  readonly code: number;
  /** Close reason Hocuspocus passes on. */
  readonly reason: string;
  constructor(
    readonly refused: readonly RefusedChange[],
    close: { code: number; reason: string },
  ) {
    super(
      `Refused a shared edit: ${refused.map((change) => `${change.field} (${change.reason})`).join('; ')}`,
    );
    this.name = 'ChangeRefusedError';
    this.code = close.code;
    this.reason = close.reason;
  }
}

/** Options of {@link EditGuardExtension}. */
export interface EditGuardExtensionOptions {
  /** The close code and reason for a connection whose update was refused. */
  close: { code: number; reason: string };
  /** Called with the connection's socket and what was refused, before the message is dropped. */
  onRefused: (
    socket: { close(code: number, reason: string): void },
    refused: readonly RefusedChange[],
  ) => void;
  /** See `SharedEditGuardOptions.mayChangeMeta`. */
  mayChangeMeta?: (key: string, can: RecordCapabilities) => boolean;
}

/** See the module comment. */
export class EditGuardExtension implements Extension {
  /** The name Hocuspocus prints for this extension. */
  readonly extensionName = 'wp-entities shared-edit guard';
  readonly #options: EditGuardExtensionOptions;
  /** One guard per loaded room. */
  readonly #guards = new Map<string, { doc: Y.Doc; guard: SharedEditGuard }>();

  /** The constructor does no I/O. */
  constructor(options: EditGuardExtensionOptions) {
    this.#options = options;
  }

  #guardOf(name: string, doc: Y.Doc, rules: EntitySyncRules | undefined): SharedEditGuard {
    const known = this.#guards.get(name);
    if (known?.doc === doc) return known.guard;
    known?.guard.destroy();
    const { mayChangeMeta } = this.#options;
    const guard = new SharedEditGuard(doc, { rules, ...(mayChangeMeta ? { mayChangeMeta } : {}) });
    this.#guards.set(name, { doc, guard });
    return guard;
  }

  /** Judges the update in `update` (the whole message) before any later hook stores it. */
  async beforeHandleMessage({
    documentName,
    document,
    update,
    context,
    connection,
  }: beforeHandleMessagePayload): Promise<void> {
    const changes = syncMessageUpdate(update);
    if (changes === undefined) return;
    const access = (context as GuardedContext | undefined)?.access;
    const refused = this.#guardOf(documentName, document, access?.record?.rules).check(
      changes,
      access?.capabilities ?? EDIT_ONLY,
      access?.savedMarkup,
      access?.savedValues,
    );
    if (refused.length === 0) return;
    this.#options.onRefused(connection.webSocket, refused);
    throw new ChangeRefusedError(refused, this.#options.close);
  }

  /** Frees a room's guard once Hocuspocus unloaded the room. */
  async afterUnloadDocument({ instance, documentName }: afterUnloadDocumentPayload): Promise<void> {
    const known = this.#guards.get(documentName);
    // The room may have been opened again meanwhile, with a new document: keep that one's guard.
    if (known === undefined || instance.documents.get(documentName) === known.doc) return;
    known.guard.destroy();
    this.#guards.delete(documentName);
  }
}
