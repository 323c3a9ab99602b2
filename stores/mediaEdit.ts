/**
 * Editing an image on the server (`editMediaEntity` in core-data 8.1): `POST
 * /wp/v2/media/{id}/edit` with the image's `src` and the modifiers (crop, rotate) makes a new
 * attachment from the edited file (WordPress 5.5+); the original stays as it was.
 *
 * @module
 */
import { runInAction } from 'mobx';
import { ArgumentError, toError } from '../core/errors.js';
import { invalidResponseError } from '../core/transport/restErrors.js';
import type { Transport } from '../core/transport/types.js';
import type { Id } from '../models/ids.js';
import { isPlainObject, type PlainObject } from '../models/snapshot.js';
import type { SaveOptions } from './RecordWriter.js';

/**
 * One image modifier, as WordPress takes it.
 *
 * @inline
 */
export interface MediaModifier {
  /** `crop` (args `left`, `top`, `width`, `height` in percent) or `rotate` (args `angle` in degrees). */
  type: string;
  /** The modifier's arguments. */
  args: Record<string, number>;
}

/**
 * What an image edit sends.
 *
 * @inline
 */
export interface MediaEdits {
  /** The URL of the image being edited (its `source_url`). */
  src: string;
  /** The modifiers, applied in order. */
  modifiers: MediaModifier[];
  /** Anything else the route takes. */
  [field: string]: unknown;
}

/** What {@link editMedia} needs from a store. */
export interface MediaEditHost {
  /** The transport. */
  readonly transport: Transport;
  /** Puts the new attachment into the `root/media` cache (and `postType/attachment` when loaded). */
  receiveAttachment(record: PlainObject): void;
}

/**
 * Sends an image edit of attachment `id` and receives the new attachment; resolves to it, or
 * `undefined` on failure unless `throwOnError` (then it rejects with the `RestError`). Throws
 * `ArgumentError` (as a rejection) without an id or a `src`.
 */
export async function editMedia(
  host: MediaEditHost,
  id: Id,
  edits: MediaEdits,
  options: SaveOptions = {},
): Promise<PlainObject | undefined> {
  if (id === '' || id === 0 || typeof edits?.src !== 'string' || edits.src === '') {
    throw new ArgumentError(
      'editMedia needs the attachment id and edits with the image src (its source_url).',
    );
  }
  const path = `/wp/v2/media/${String(id)}/edit`;
  try {
    const answer = await host.transport.request<unknown>({ path, method: 'POST', body: edits });
    if (!isPlainObject(answer) || answer['id'] === undefined) {
      throw invalidResponseError(
        200,
        `WordPress answered POST ${path} with something that is not an attachment.`,
        answer,
        {
          method: 'POST',
          url: path,
        },
      );
    }
    runInAction(() => host.receiveAttachment(answer));
    return answer;
  } catch (error) {
    if (options.throwOnError === true) throw toError(error);
    return undefined;
  }
}
