import { useEffect, useState } from 'react';
import { observer, useEntityRecord, useStore } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { textOf } from '../ui/format.js';

interface Swatch {
  slug: string;
  name: string;
  color: string;
}

interface StylesShape {
  settings?: { color?: { palette?: { theme?: Swatch[]; custom?: Swatch[] } | Swatch[] } };
}

/** The palette lists of a global styles object: `{ theme, custom }` (theme.json v2) or a plain list. */
function paletteOf(styles: StylesShape | undefined): { theme: Swatch[]; custom: Swatch[] } {
  const palette = styles?.settings?.color?.palette;
  if (Array.isArray(palette)) return { theme: palette, custom: [] };
  return { theme: palette?.theme ?? [], custom: palette?.custom ?? [] };
}

function Swatches({ title, swatches }: { title: string; swatches: Swatch[] }) {
  if (swatches.length === 0) return null;
  return (
    <div className="swatches">
      <h4>{title}</h4>
      <ul>
        {swatches.map((swatch) => (
          <li key={swatch.slug} title={`${swatch.name} ${swatch.color}`}>
            <span className="swatch" style={{ background: swatch.color }} />
            <span>{swatch.name}</span>
            <code>{swatch.color}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The site's own global styles record (`root/globalStyles`), read once its id is known. */
const UserPalette = observer(function UserPalette({ id }: { id: number }) {
  const { edited, fetchError } = useEntityRecord<StylesShape>('root', 'globalStyles', id);
  if (fetchError) return <ErrorNotice error={fetchError} />;
  const palette = paletteOf(edited);
  return (
    <>
      <Swatches title="Site colors" swatches={palette.custom} />
      <Swatches title="Theme colors changed on this site" swatches={palette.theme} />
    </>
  );
});

/** The active theme and its global styles palette. */
export const StylesPalette = observer(function StylesPalette() {
  const store = useStore();
  const site = store.site;
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    const load = async () => {
      await site.fetchCurrentTheme();
      await Promise.all([site.fetchGlobalStylesId(), site.fetchBaseGlobalStyles()]);
    };
    load().catch(setError);
  }, [site]);

  const theme = site.currentTheme;
  const base = paletteOf(site.baseGlobalStyles as StylesShape | undefined);
  return (
    <section className="styles" aria-label="Styles">
      <h1>Styles</h1>
      {error !== undefined ? <ErrorNotice error={error} /> : null}
      {theme ? (
        <p>
          Active theme: <strong>{textOf(theme.name) || theme.stylesheet}</strong>
          {theme.version ? <span className="muted"> · version {String(theme.version)}</span> : null}
        </p>
      ) : error === undefined ? (
        <p className="loading">Loading…</p>
      ) : null}
      <Swatches title="Theme palette" swatches={base.theme} />
      {site.globalStylesId !== undefined ? <UserPalette id={site.globalStylesId} /> : null}
    </section>
  );
});
