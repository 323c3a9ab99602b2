/**
 * The demo's "fail the next save" control, one rule for both sites (the shared site served by the
 * demo's Node process and the in-tab mock): the next write answers 500 as a database outage would.
 *
 * @module
 */
import type { MockWordPress } from 'wp-entities/testing';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request the armed failure hits: any write except an autosave. */
export function isFailingWrite(request: { method: string; path: string }): boolean {
  return !READ_METHODS.has(request.method) && !request.path.endsWith('/autosaves');
}

/** Makes the next write to `mock` answer 500. */
export function failNextWrite(mock: MockWordPress): void {
  mock.failNext(
    1,
    {
      status: 500,
      body: {
        code: 'internal_server_error',
        message: 'The database is not answering.',
        data: { status: 500 },
      },
    },
    isFailingWrite,
  );
}
