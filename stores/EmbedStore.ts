/**
 * oEmbed previews by URL, through WordPress's `/oembed/1.0/proxy`.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import type { Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';
import { isPlainObject } from '../models/snapshot.js';
import { toError } from '../core/errors.js';
import {
  describeBody,
  invalidResponseError,
  REWRITTEN_RESPONSE_ADVICE,
} from '../core/transport/restErrors.js';
import { toRawResponse } from '../core/transport/rawResponse.js';

/** WordPress's oEmbed proxy route. */
const PROXY_PATH = '/oembed/1.0/proxy';

/**
 * An oEmbed response as WordPress's proxy returns it.
 *
 * @inline
 */
export interface EmbedPreview {
  /** oEmbed type: `rich`, `video`, `photo` or `link`. */
  type?: string;
  /** oEmbed version, `1.0`. */
  version?: string;
  /** The markup to embed. */
  html?: string;
  /** Title of the embedded resource. */
  title?: string;
  /** Name of the provider (`YouTube`). */
  provider_name?: string;
  /** Address of the provider. */
  provider_url?: string;
  /** Any other oEmbed field. */
  [field: string]: unknown;
}

/**
 * Embed previews. `preview(url)` asks the server once per URL (a successful preview is cached; a
 * failed one is stored as `false` and asked again by the next `preview` call).
 *
 * ```ts
 * const preview = await store.embeds.preview('https://example.com/video');
 * if (preview === false || store.embeds.isFallback(url)) showPlainLink();
 * ```
 */
export class EmbedStore {
  private readonly transport: Transport;
  private readonly previews = observable.map<string, EmbedPreview | false>({}, { deep: false });
  private readonly requests = new InflightRequests();
  /** URL → why its last preview failed; removed when a later preview succeeds. */
  private readonly failures = observable.map<string, Error>({}, { deep: false });

  /** Previews are requested through `transport`; the constructor does no I/O. */
  constructor(transport: Transport) {
    this.transport = transport;
  }

  /**
   * The preview of `url`: `GET /oembed/1.0/proxy?url=…`. Resolves the cached preview when there is
   * one; any failure stores and resolves `false`. Concurrent calls for one URL share one request.
   */
  preview(url: string): Promise<EmbedPreview | false> {
    const cached = this.previews.get(url);
    if (cached !== undefined && cached !== false) return Promise.resolve(cached);
    return this.requests.run(url, () => this.request(url));
  }

  /** The stored preview of `url` (observable): the preview, `false` after a failure, undefined before any answer. */
  get(url: string): EmbedPreview | false | undefined {
    return this.previews.get(url);
  }

  /**
   * True when the stored preview of `url` is only a bare link to it (`<a href="URL">URL</a>`), which
   * means the server found nothing to embed. False with no preview or a failed one (observable).
   */
  isFallback(url: string): boolean {
    const preview = this.previews.get(url);
    if (preview === undefined || preview === false) return false;
    return preview.html === `<a href="${url}">${url}</a>`;
  }

  /**
   * Why the last preview of `url` is `false`: the failed request's `RestError` (404
   * `oembed_invalid_url`: not embeddable; status 0: no answer) or `invalid_response`. Observable.
   */
  error(url: string): Error | undefined {
    return this.failures.get(url);
  }

  /** True while the preview of `url` is being requested (observable). */
  isRequesting(url: string): boolean {
    return this.requests.isPending(url);
  }

  private async request(url: string): Promise<EmbedPreview | false> {
    let result: EmbedPreview | false;
    let failure: Error | undefined;
    try {
      const answer = toRawResponse(
        await this.transport.request<unknown>({ path: PROXY_PATH, query: { url }, raw: true }),
      );
      if (isPlainObject(answer.data)) {
        result = answer.data as EmbedPreview;
      } else {
        // A body that is not an oEmbed object cannot be rendered: a failure like any other.
        result = false;
        failure = invalidResponseError(
          answer.status,
          `WordPress answered the embed preview of ${url} with ${describeBody(answer.data)} instead of an oEmbed object. ${REWRITTEN_RESPONSE_ADVICE}`,
          answer.data,
          { method: 'GET', url: PROXY_PATH },
        );
      }
    } catch (error) {
      result = false;
      failure = toError(error);
    }
    runInAction(() => {
      this.previews.set(url, result);
      if (failure === undefined) this.failures.delete(url);
      else this.failures.set(url, failure);
    });
    return result;
  }
}
