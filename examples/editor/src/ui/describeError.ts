/**
 * Turns the library's typed errors into sentences a person can act on.
 *
 * @module
 */
import { isBatchError, isConflictError, isEntityConfigError, isRestError } from 'wp-entities';

/**
 * A short explanation of `error` for the place where it happened. What was kept (the typed text)
 * is said by the caller, which knows.
 */
export function describeError(error: unknown): string {
  if (isConflictError(error)) {
    return 'Someone saved this while you were editing. Nothing of yours was saved yet: choose what to keep in the card that opened.';
  }
  if (isRestError(error)) {
    if (error.isTimeout) return 'The site took too long to answer; try again in a moment.';
    if (error.isAbort) return 'The request was cancelled.';
    if (error.status === 0) return 'The site could not be reached. Check the connection, then try again.';
    if (error.status === 401)
      return 'You are not signed in to the site (or your session ended). Sign in again, then retry.';
    if (error.status === 403) return `You are not allowed to do this: ${error.message}`;
    if (error.status === 404) return `This item is not on the site any more: ${error.message}`;
    if (error.status >= 500) return `The site had a problem (error ${error.status}): ${error.message}`;
    if (error.code === 'invalid_json')
      return 'The site answered with something that is not valid data; try again.';
    return error.message;
  }
  if (isBatchError(error)) return `Some changes could not be saved together: ${error.message}`;
  if (isEntityConfigError(error)) return `The editor does not know this kind of item yet: ${error.message}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
