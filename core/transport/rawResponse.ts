/**
 * Reading the answer of a `request({ raw: true })` from any {@link Transport}.
 *
 * @module
 */
import type { RawResponse } from './types.js';

/**
 * The answer of a `raw: true` request as a {@link RawResponse}. `RestTransport` always answers
 * `{ data, status, headers }`; a hand-written transport (a test double, a bench) may ignore `raw`
 * and answer the parsed body, which is then taken as the body of a 200. A record is never mistaken
 * for a raw answer: that needs a numeric `status` and a `Headers` object.
 */
export function toRawResponse<T = unknown>(answer: unknown): RawResponse<T> {
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'data' in answer &&
    typeof (answer as { status?: unknown }).status === 'number' &&
    (answer as { headers?: unknown }).headers instanceof Headers
  ) {
    return answer as RawResponse<T>;
  }
  return { data: answer as T, status: 200, headers: new Headers() };
}
