import { describe, expect, it } from 'vitest';
import { EmbedStore } from '../../stores/EmbedStore.js';
import { SiteFakeTransport, heldReply } from '../helpers/siteFakeTransport.js';

const VIDEO = 'https://videos.example/watch?v=1';
const RICH = {
  type: 'video',
  version: '1.0',
  html: '<iframe src="https://videos.example/embed/1"></iframe>',
};

describe('EmbedStore', () => {
  it('requests the oEmbed proxy with the url and stores the preview', async () => {
    const transport = new SiteFakeTransport().on('GET', '/oembed/1.0/proxy', { body: RICH });
    const embeds = new EmbedStore(transport);

    await expect(embeds.preview(VIDEO)).resolves.toEqual(RICH);

    expect(transport.calls).toEqual([
      { method: 'GET', path: '/oembed/1.0/proxy', query: { url: VIDEO }, body: undefined },
    ]);
    expect(embeds.get(VIDEO)).toEqual(RICH);
    expect(embeds.isFallback(VIDEO)).toBe(false);
  });

  it('stores false when the preview request fails', async () => {
    const transport = new SiteFakeTransport().on('GET', '/oembed/1.0/proxy', {
      status: 404,
      body: { code: 'oembed_invalid_url', message: 'Not Found' },
    });
    const embeds = new EmbedStore(transport);

    await expect(embeds.preview(VIDEO)).resolves.toBe(false);

    expect(embeds.get(VIDEO)).toBe(false);
    expect(embeds.isFallback(VIDEO)).toBe(false);
  });

  it('asks again after a failure and keeps a successful preview', async () => {
    const transport = new SiteFakeTransport().on('GET', '/oembed/1.0/proxy', { status: 500, body: {} });
    const embeds = new EmbedStore(transport);
    await embeds.preview(VIDEO);

    transport.on('GET', '/oembed/1.0/proxy', { body: RICH });
    await expect(embeds.preview(VIDEO)).resolves.toEqual(RICH);
    await embeds.preview(VIDEO);

    expect(transport.calls).toHaveLength(2);
  });

  it('detects a preview that is only a bare link to the url', async () => {
    const transport = new SiteFakeTransport().on('GET', '/oembed/1.0/proxy', (call) => ({
      body: { type: 'rich', html: `<a href="${call.query.url ?? ''}">${call.query.url ?? ''}</a>` },
    }));
    const embeds = new EmbedStore(transport);

    await embeds.preview('https://plain.example/page');

    expect(embeds.isFallback('https://plain.example/page')).toBe(true);
    expect(embeds.isFallback('https://other.example/')).toBe(false);
  });

  it('does not count a link to another url as a fallback', async () => {
    const transport = new SiteFakeTransport().on('GET', '/oembed/1.0/proxy', {
      body: { html: '<a href="https://elsewhere.example/">https://elsewhere.example/</a>' },
    });
    const embeds = new EmbedStore(transport);

    await embeds.preview('https://plain.example/page');

    expect(embeds.isFallback('https://plain.example/page')).toBe(false);
  });

  it('shares one request between concurrent previews and reports it in flight', async () => {
    const held = heldReply({ body: RICH });
    const transport = new SiteFakeTransport().on('GET', '/oembed/1.0/proxy', held.handler);
    const embeds = new EmbedStore(transport);

    const first = embeds.preview(VIDEO);
    const second = embeds.preview(VIDEO);
    expect(embeds.isRequesting(VIDEO)).toBe(true);
    held.release();
    await Promise.all([first, second]);

    expect(embeds.isRequesting(VIDEO)).toBe(false);
    expect(transport.calls).toHaveLength(1);
  });
});
