import { useEffect } from 'react';
import { useStore } from 'wp-entities/react';
import { DemoControls, type DemoSite } from './DemoControls.js';
import { EmbedBox } from './EmbedBox.js';
import { PostEditor } from './PostEditor.js';
import { PostList } from './PostList.js';
import { hrefOf, useRoute, type Route } from './router.js';
import { SiteHeader } from './SiteHeader.js';
import { StylesPalette } from './StylesPalette.js';
import { TemplateList } from './TemplateList.js';
import { UnsavedPanel } from './UnsavedPanel.js';
import { useUndoShortcuts } from './useUndoShortcuts.js';

const MENU: Array<{ label: string; route: Route }> = [
  { label: 'Posts', route: { screen: 'list', type: 'post' } },
  { label: 'Pages', route: { screen: 'list', type: 'page' } },
  { label: 'Templates', route: { screen: 'templates' } },
  { label: 'Styles', route: { screen: 'styles' } },
  { label: 'Embed', route: { screen: 'embed' } },
];

function isActive(item: Route, current: Route): boolean {
  if (item.screen === 'list' && (current.screen === 'list' || current.screen === 'edit'))
    return item.type === current.type;
  return item.screen === current.screen;
}

function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'list':
      return <PostList key={route.type} type={route.type} />;
    case 'edit':
      return <PostEditor key={`${route.type}/${route.id}`} type={route.type} id={route.id} />;
    case 'templates':
      return <TemplateList />;
    case 'styles':
      return <StylesPalette />;
    case 'embed':
      return <EmbedBox />;
  }
}

/** The editor: header, menu, the current screen, and the unsaved-changes panel. */
export function App({ demo }: { demo: DemoSite | undefined }) {
  const store = useStore();
  useUndoShortcuts(store);
  // Author names for lists, editors and revisions; a failure only leaves ids on screen.
  useEffect(() => {
    store.users.authors().catch(() => undefined);
  }, [store]);
  const route = useRoute();
  return (
    <div className="app">
      <SiteHeader />
      <div className="layout">
        <nav className="menu" aria-label="Main menu">
          {MENU.map((item) => (
            <a
              key={item.label}
              href={hrefOf(item.route)}
              className={isActive(item.route, route) ? 'active' : undefined}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <main className="screen">
          <Screen route={route} />
        </main>
        <aside className="side">
          <UnsavedPanel />
          {demo ? <DemoControls demo={demo} /> : null}
        </aside>
      </div>
    </div>
  );
}
