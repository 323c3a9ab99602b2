import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'wp-entities/react';
import { DemoControls, type DemoSite } from './demo/DemoControls.js';
import { EmbedBox } from './embed/EmbedBox.js';
import { NewPost } from './post/NewPost.js';
import { PostEditor } from './post/PostEditor.js';
import { PostList } from './posts/PostList.js';
import { hrefOf, useRoute, type Route } from './app/router.js';
import { SiteHeader } from './site/SiteHeader.js';
import { SiteTitleNotice } from './site/SiteTitleNotice.js';
import { StylesPalette } from './globalStyles/StylesPalette.js';

/** The data inspector of wp-entities/devtools, loaded the first time it is opened. */
const DataInspector = lazy(() =>
  import('wp-entities/devtools').then((devtools) => ({ default: devtools.DataInspector })),
);
import { TemplateList } from './templates/TemplateList.js';
import { UnsavedPanel } from './site/UnsavedPanel.js';
import { useLeaveWarning } from './site/useLeaveWarning.js';

const MENU: Array<{ label: string; route: Route }> = [
  { label: 'Posts', route: { screen: 'list', type: 'post' } },
  { label: 'Pages', route: { screen: 'list', type: 'page' } },
  { label: 'Templates', route: { screen: 'templates' } },
  { label: 'Styles', route: { screen: 'styles' } },
  { label: 'Embed', route: { screen: 'embed' } },
];

function isActive(item: Route, current: Route): boolean {
  if (
    item.screen === 'list' &&
    (current.screen === 'list' || current.screen === 'edit' || current.screen === 'new')
  )
    return item.type === current.type;
  return item.screen === current.screen;
}

function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'list':
      return (
        <PostList
          key={`${route.type}/${route.status ?? ''}`}
          type={route.type}
          isTrash={route.status === 'trash'}
        />
      );
    case 'edit':
      return <PostEditor key={`${route.type}/${route.id}`} type={route.type} id={route.id} />;
    case 'new':
      return <NewPost key={`new/${route.type}`} type={route.type} />;
    case 'templates':
      return <TemplateList />;
    case 'styles':
      return <StylesPalette />;
    case 'embed':
      return <EmbedBox />;
  }
}

/** The editor: header, menu, the current screen, the unsaved-changes panel and the data inspector. */
export function App({ demo }: { demo: DemoSite | undefined }) {
  const store = useStore();
  const [isInspecting, setInspecting] = useState(false);
  useLeaveWarning(store);
  // Author names for lists, editors and revisions; a failure only leaves ids on screen.
  useEffect(() => {
    store.users.authors().catch(() => undefined);
  }, [store]);
  const route = useRoute();
  return (
    <div className={isInspecting ? 'app is-inspecting' : 'app'}>
      <a className="skip-link" href="#main">
        Skip to the content
      </a>
      <SiteHeader isInspecting={isInspecting} onToggleInspector={() => setInspecting(!isInspecting)} />
      <SiteTitleNotice />
      <div className="layout">
        <nav className="menu" aria-label="Main menu">
          {MENU.map((item) => (
            <a
              key={item.label}
              href={hrefOf(item.route)}
              className={isActive(item.route, route) ? 'active' : undefined}
              aria-current={isActive(item.route, route) ? 'page' : undefined}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <main className="screen" id="main" tabIndex={-1}>
          <Screen route={route} />
        </main>
        <div className="side">
          <UnsavedPanel />
          {demo ? <DemoControls demo={demo} /> : null}
        </div>
      </div>
      {isInspecting ? (
        <Suspense fallback={null}>
          <DataInspector onClose={() => setInspecting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
