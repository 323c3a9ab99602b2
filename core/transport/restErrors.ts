/**
 * Turning failed responses and failed fetches into {@link RestError}s.
 *
 * | failure | code | status |
 * | --- | --- | --- |
 * | WordPress error body `{code, message, data}` | WordPress's `code` | the HTTP status |
 * | error status with a body that is not JSON (an HTML error page) | `invalid_json` | the HTTP status |
 * | error status with an empty body, or JSON that is not a WordPress error | `http_error` | the HTTP status |
 * | 2xx whose body is not JSON | `invalid_json` | the HTTP status |
 * | no response (DNS, refused connection, CORS, offline) | `fetch_error` | 0 |
 * | an attempt took longer than `timeout`, or the call than `totalTimeout` | `timeout` | 0 |
 * | the caller's `AbortSignal` fired | `abort_error` | 0 |
 * | a batch item not run because another item failed validation | `batch_not_executed` | 0 |
 * | a response that parses but has the wrong shape (a batch without `responses`) | `invalid_response` | the HTTP status |
 *
 * @module
 */
import { RestError } from '../errors.js';

/** Codes of the errors the transport makes itself (every other code is WordPress's). */
export const TRANSPORT_ERROR_CODES = {
  invalidJson: 'invalid_json',
  httpError: 'http_error',
  fetchError: 'fetch_error',
  timeout: 'timeout',
  abort: 'abort_error',
  batchNotExecuted: 'batch_not_executed',
  invalidResponse: 'invalid_response',
} as const;

/** What an error knows about the request that failed. */
export interface RequestContext {
  /** HTTP method. */
  method: string;
  /** Full URL. */
  url: string;
}

/** Longest excerpt of a non-JSON body kept in `error.data.body`, enough to recognise an error page. */
const BODY_EXCERPT_LENGTH = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error for a parsed error body: a WordPress error (`{code, message, data}`) keeps its code,
 * message and data; anything else becomes `http_error` with the body as `data.body`.
 */
export function restErrorFromBody(status: number, body: unknown, context?: RequestContext): RestError {
  if (isRecord(body) && typeof body.code === 'string' && body.code !== '') {
    return new RestError({
      status,
      code: body.code,
      message:
        typeof body.message === 'string' && body.message !== ''
          ? body.message
          : `The server answered HTTP ${status} with error "${body.code}".`,
      data: body.data ?? { status },
      ...context,
    });
  }
  return new RestError({
    status,
    code: TRANSPORT_ERROR_CODES.httpError,
    message: `The server answered HTTP ${status}.`,
    data: { status, body },
    ...context,
  });
}

/** The error for a body that should be JSON but is not (an HTML error page, a PHP notice). */
export function invalidJsonError(
  status: number,
  text: string,
  cause: unknown,
  context?: RequestContext,
): RestError {
  return new RestError({
    status,
    code: TRANSPORT_ERROR_CODES.invalidJson,
    message: 'The response is not a valid JSON response.',
    data: { status, body: text.slice(0, BODY_EXCERPT_LENGTH) },
    cause,
    ...context,
  });
}

/**
 * How every "not the shape the endpoint promises" message ends: the answer was probably changed on
 * its way (a proxy, a security plugin, a PHP notice printed before the JSON), so retrying may help
 * and a lasting failure points there.
 */
export const REWRITTEN_RESPONSE_ADVICE =
  'Retry, and if it keeps failing check that nothing between this app and WordPress (a proxy, a security plugin, a PHP notice) rewrites REST responses.';

/** What an unexpected body was, for error messages: `an empty body`, `a JSON array of 2 items`, `a JSON string`… */
export function describeBody(body: unknown): string {
  if (body === null || body === undefined || body === '') return 'an empty body';
  if (Array.isArray(body)) return `a JSON array of ${body.length} item${body.length === 1 ? '' : 's'}`;
  if (typeof body !== 'object') return `a JSON ${typeof body}`;
  return 'a JSON object';
}

/** The error for a response that is valid JSON but not the shape the endpoint promises. */
export function invalidResponseError(
  status: number,
  message: string,
  body: unknown,
  context?: RequestContext,
): RestError {
  return new RestError({
    status,
    code: TRANSPORT_ERROR_CODES.invalidResponse,
    message,
    data: { status, body },
    ...context,
  });
}

/** Reads a failed response's body and turns it into a {@link RestError}. */
export async function restErrorFromResponse(
  response: Response,
  context?: RequestContext,
): Promise<RestError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read (connection cut mid-body): the status alone still says enough.
  }
  if (text.trim() === '') {
    return new RestError({
      status: response.status,
      code: TRANSPORT_ERROR_CODES.httpError,
      message: `The server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} with an empty body.`,
      data: { status: response.status },
      ...context,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    return invalidJsonError(response.status, text, cause, context);
  }
  return restErrorFromBody(response.status, body, context);
}

/** The error of a request whose caller aborted it. */
export function abortError(cause: unknown, context?: RequestContext): RestError {
  return new RestError({
    status: 0,
    code: TRANSPORT_ERROR_CODES.abort,
    message: 'The request was aborted.',
    data: { status: 0 },
    cause,
    ...context,
  });
}

/**
 * The error of an attempt that took longer than the transport's `timeout`, or (`isTotal`) of a
 * call whose attempts and waits together took longer than its `totalTimeout`.
 */
export function timeoutError(
  timeoutMs: number,
  cause: unknown,
  context?: RequestContext,
  isTotal = false,
): RestError {
  return new RestError({
    status: 0,
    code: TRANSPORT_ERROR_CODES.timeout,
    message: isTotal
      ? `The request did not complete within ${timeoutMs} ms, retries included.`
      : `The request timed out after ${timeoutMs} ms.`,
    data: { status: 0, timeoutMs, isTotal },
    cause,
    ...context,
  });
}

/** The error of a request that got no response at all. The message is WordPress's own. */
export function fetchError(cause: unknown, context?: RequestContext): RestError {
  return new RestError({
    status: 0,
    code: TRANSPORT_ERROR_CODES.fetchError,
    message: 'You are probably offline.',
    data: { status: 0 },
    cause,
    ...context,
  });
}

/**
 * The error of a batch item WordPress did not run because another item of its chunk failed
 * validation (`require-all-validate`). Its status is `0`: no response exists for this item.
 */
export function batchNotExecutedError(failed: string, context?: RequestContext): RestError {
  return new RestError({
    status: 0,
    code: TRANSPORT_ERROR_CODES.batchNotExecuted,
    message: `This request was not run because another request in the same batch failed ${failed === 'validation' ? 'validation' : `(${failed})`}.`,
    data: { status: 0, failed },
    ...context,
  });
}
