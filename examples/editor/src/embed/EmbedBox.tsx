import { useState, type FormEvent } from 'react';
import { observer, useStore } from 'wp-entities/react';

const EXAMPLES = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://wordpress.org/news/',
  'https://example.com/not-embeddable',
];

/** Paste a URL, see WordPress's oEmbed preview, or the plain link it falls back to. */
export const EmbedBox = observer(function EmbedBox() {
  const store = useStore();
  const [text, setText] = useState('');
  const [url, setUrl] = useState<string>();

  const show = (value: string) => {
    const next = value.trim();
    if (next === '') return;
    setText(next);
    setUrl(next);
    void store.embeds.preview(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show(text);
  };

  const preview = url === undefined ? undefined : store.embeds.get(url);
  const isLoading = url !== undefined && store.embeds.isRequesting(url);
  const isFallback = url !== undefined && (preview === false || store.embeds.isFallback(url));

  return (
    <section className="embed" aria-label="Embed">
      <h1>Embed</h1>
      <form onSubmit={submit} className="embed-form">
        <input
          type="url"
          aria-label="Embed URL"
          placeholder="Paste a link to a video, a post, a tweet…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="primary">
          Embed
        </button>
      </form>
      <p className="muted">
        Try:{' '}
        {EXAMPLES.map((example) => (
          <button key={example} type="button" className="link" onClick={() => show(example)}>
            {example}
          </button>
        ))}
      </p>
      {url === undefined ? null : isLoading && preview === undefined ? (
        <p className="loading">Loading preview…</p>
      ) : isFallback ? (
        <div className="embed-fallback" data-testid="embed-fallback">
          <p>There is no preview for this address; it will appear as a link:</p>
          <a href={url} target="_blank" rel="noreferrer">
            {url}
          </a>
        </div>
      ) : preview ? (
        <figure className="embed-preview" data-testid="embed-preview">
          {/* Markup from another site runs sandboxed, without access to the editor. */}
          <iframe
            title={preview.title ?? 'Embed preview'}
            sandbox="allow-scripts allow-popups"
            srcDoc={preview.html ?? ''}
          />
          <figcaption>
            {preview.title ?? url}
            {preview.provider_name ? ` · ${preview.provider_name}` : ''}
          </figcaption>
        </figure>
      ) : null}
    </section>
  );
});
