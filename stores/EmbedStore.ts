/**
 * oEmbed previews by URL, through WordPress's `/oembed/1.0/proxy`.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import type { Transport } from '../src/transport/types.js';
import { InflightRequests } from './InflightRequests.js';
import { isPlainObject } from '../models/snapshot.js';

/** An oEmbed response as WordPress's proxy returns it. */
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

  /** True while the preview of `url` is being requested (observable). */
  isRequesting(url: string): boolean {
    return this.requests.isPending(url);
  }

  private async request(url: string): Promise<EmbedPreview | false> {
    let result: EmbedPreview | false;
    try {
      const body = await this.transport.request<unknown>({ path: '/oembed/1.0/proxy', query: { url } });
      // A body that is not an oEmbed object cannot be rendered: treat it like a failure.
      result = isPlainObject(body) ? (body as EmbedPreview) : false;
    } catch {
      result = false;
    }
    runInAction(() => this.previews.set(url, result));
    return result;
  }
}
