/**
 * What can stop `wp-entities-types` as a whole, each with the exit code the bin ends with. A route
 * that cannot be read is not one of these: it is skipped and listed (see `SkippedEntity`).
 *
 * @module
 */
import { WpEntitiesError } from '../../core/errors.js';

/** The exit codes of `wp-entities-types`. */
export const EXIT_CODES = {
  /** The file was written, or `--check` found it up to date; nothing was skipped. */
  ok: 0,
  /** `--check`: the file is missing or differs from what the site's schema gives now. */
  outOfDate: 1,
  /** A bad argument or a missing credential. */
  usage: 2,
  /** The site could not be reached, or did not answer as a WordPress REST API. */
  unreachable: 3,
  /** The site refused the credentials (401) or the user may not read what was asked (403). */
  unauthorized: 4,
  /** Some entities were skipped (listed on stderr and in the file); what could be read was written. */
  partial: 5,
} as const;

/** Why a run stopped: one of the keys of {@link EXIT_CODES}. */
export type TypegenFailure = 'usage' | 'unreachable' | 'unauthorized';

/** A run of `wp-entities-types` that cannot go on; `failure` picks the exit code. */
export class TypegenError extends WpEntitiesError {
  override name = 'TypegenError';
  /** An error of kind `failure` with a message naming the route or argument. */
  constructor(
    readonly failure: TypegenFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The exit code of the bin for this error. */
  get exitCode(): number {
    return EXIT_CODES[this.failure];
  }
}
