/**
 * The app versions the consumer test installs the package with. `oldest` is the floor of every
 * peer range in package.json (and must move with it); `newest` takes the peer ranges themselves,
 * so npm picks the newest release each range allows today.
 *
 * @module
 */

/** One app: the dependencies it brings next to the tarball. */
export interface VersionSet {
  /** Names the set in the output and its temporary folder. */
  name: 'oldest' | 'newest';
  /** Package name → version or range, as the app's package.json would say. */
  packages: Record<string, string>;
  /**
   * The `lib` the app's tsconfig names first. The consumer check reads every declaration file
   * (`skipLibCheck: false`), and MobX's own declarations follow the lib of their time: 6.16 needs
   * ESNext's `ReadonlySetLike`, while 6.9's `ObservableMap` no longer matches ESNext's `Map`.
   */
  typescriptLib: 'ES2023' | 'ESNext';
}

/**
 * The oldest releases the peer ranges allow. mobx-react-lite 4.0.1 is missing its
 * use-sync-external-store dependency, hence 4.0.2; msw before 2.11 has no predicate handlers,
 * which the test kit uses.
 */
export const OLDEST_PEERS: Record<string, string> = {
  mobx: '6.9.0',
  'mobx-react-lite': '4.0.2',
  react: '18.3.0',
  'react-dom': '18.3.0',
  yjs: '13.6.8',
  msw: '2.11.0',
};

/**
 * Node's types an app of the oldest set's time has. `@types/ws` (the sync server's public types
 * name `ws`) asks for any `@types/node`; without one in the app npm picks the newest, whose
 * iterator types 6.9's `ObservableMap` declarations predate.
 */
const OLDEST_NODE_TYPES = { '@types/node': '~20.19.0' };

/** Types an app on React 18 uses: the newest 18.3 declarations. */
const REACT_18_TYPES = { '@types/react': '~18.3.0', '@types/react-dom': '~18.3.0' };
/** Types an app on React 19 uses. */
const REACT_19_TYPES = { '@types/react': '^19.0.0', '@types/react-dom': '^19.0.0' };

/** Both sets, given the package's own peer ranges. */
export function versionSets(peerRanges: Record<string, string>): VersionSet[] {
  const missing = Object.keys(peerRanges).filter((name) => !(name in OLDEST_PEERS));
  if (missing.length > 0) {
    throw new Error(
      `scripts/consumer/versionSets.ts: no oldest version for the peer(s) ${missing.join(', ')}`,
    );
  }
  return [
    {
      name: 'oldest',
      packages: { ...OLDEST_PEERS, ...REACT_18_TYPES, ...OLDEST_NODE_TYPES },
      typescriptLib: 'ES2023',
    },
    { name: 'newest', packages: { ...peerRanges, ...REACT_19_TYPES }, typescriptLib: 'ESNext' },
  ];
}
