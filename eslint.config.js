// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'api-docs/**',
      'node_modules/**',
      'bench/core-data/**',
      'bench/results/**',
      'coverage/**',
      'test-results/**',
      '.wordpress/**',
      'examples/editor/.generated/**',
      // The Vite server-rendering example's build (examples/vite-ssr/server.ts writes it).
      '**/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  // The layers, lowest first: core/ (errors, transport) ← models/ ← stores/ ← src/ (the entry points
  // and the packages plugged into a store: react, sync, journal storages, testing). A file imports
  // only from its own layer or a lower one, so each layer can be read and tested without the ones above.
  ...layerRules([
    { files: ['core/**/*.ts'], above: ['models', 'stores', 'src'] },
    { files: ['models/**/*.ts'], above: ['stores', 'src'] },
    {
      files: ['stores/**/*.ts'],
      above: ['src'],
      typesFrom: ['src/sync/client/options.js', 'src/sync/client/SyncManager.js'],
    },
  ]),

  // src/sync by where code runs: shared/ (document layout, codecs, wire shapes, capability rules)
  // runs anywhere, so it loads no Node module and no MobX; server/ runs in Node and loads only
  // shared/ and core/; client/ and providers/ run in a browser and never load the server.
  // `reaches` lists every folder outside its own that a folder may import from (the sync entry
  // `../index.js`, models/ and stores/ would bring the client and MobX along).
  ...syncFolderRules([
    {
      files: ['src/sync/shared/**/*.ts'],
      reaches: ['../../../core/', '../../../models/snapshot.js'],
      packages: ['mobx', 'node:*', 'ws', 'ioredis', '@hocuspocus/*'],
      why: 'shared/ runs in browsers and servers alike: it loads core/ and the plain-object helpers of models/snapshot.ts only',
    },
    {
      files: ['src/sync/server/**/*.ts'],
      reaches: ['../shared/', '../../../core/'],
      packages: ['mobx', 'y-webrtc', 'y-indexeddb', '@hocuspocus/provider'],
      why: 'the server loads shared/ and core/ only',
    },
    {
      files: ['src/sync/client/**/*.ts', 'src/sync/providers/**/*.ts'],
      banned: ['server'],
      packages: [],
      why: 'a browser never loads the server',
    },
  ]),
  // A record's state transitions are private to the records layer (models/ and stores/): the
  // collection, the writer, the conflict check and the journal restore. Everything above edits,
  // saves and reads through the record's own methods.
  {
    files: [
      'src/**/*.ts',
      'src/**/*.tsx',
      'examples/**/*.ts',
      'examples/**/*.tsx',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='dispatchRecordAction']",
          message:
            'Record state transitions are private to models/ and stores/; call the methods of EntityRecord.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
);

/**
 * One `no-restricted-imports` block per layer: relative imports that climb into a higher layer's
 * folder, and the package's own entry points (which are the top layer), are errors. `typesFrom`
 * lists the few modules above whose *types* a layer may name (no code is loaded): the store's
 * `sync` option and property are typed by `wp-entities/sync`, which plugs its engine in at run time.
 * @param {{ files: string[], above: string[], typesFrom?: string[] }[]} layers
 */
function layerRules(layers) {
  return layers.map(({ files, above, typesFrom = [] }) => {
    const typeOnly = typesFrom.map((path) => path.replaceAll('.', '\\.')).join('|');
    const upward = `^(\\.\\./)+(${above.join('|')})/`;
    const message = `Imports go down the layers only (core ← models ← stores ← src): this one reaches up into ${above.join(', ')}.`;
    const patterns = [
      { regex: typeOnly === '' ? upward : `^(\\.\\./)+(?!(${typeOnly})$)(${above.join('|')})/`, message },
      {
        regex: '^wp-entities(/|$)',
        message: 'The package entry points are the top layer; import the module itself.',
      },
    ];
    if (typeOnly !== '') {
      patterns.push({
        regex: `^(\\.\\./)+(${typeOnly})$`,
        allowTypeImports: true,
        message: `${message} Only its types may be named here.`,
      });
    }
    return {
      files,
      rules: {
        'no-restricted-imports': 'off',
        '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
      },
    };
  });
}

/**
 * The sync folders' boundaries, and packages a folder must not load, are errors. A folder either
 * `reaches` only the listed paths outside itself (each relative to the folder, starting `../`), or
 * has `banned` sibling folders of `src/sync/`. The layer rule above still applies to each file.
 * @param {{ files: string[], reaches?: string[], banned?: string[], packages: string[], why: string }[]} folders
 */
function syncFolderRules(folders) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return folders.map(({ files, reaches, banned = [], packages, why }) => ({
    files,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            reaches === undefined
              ? {
                  regex: `^(\\.\\./)+(${banned.join('|')})/`,
                  message: `src/sync/${banned.join(', ')} is off limits here: ${why}.`,
                }
              : {
                  // Any import that leaves the folder, unless it starts with one of `reaches`.
                  regex: `^\\.\\./(?!${reaches.map((path) => escape(path.slice('../'.length))).join('|')})`,
                  message: `Only ${reaches.join(', ')} may be imported from outside this folder: ${why}.`,
                },
            ...(packages.length > 0 ? [{ group: packages, message: `Not loaded here: ${why}.` }] : []),
            {
              regex: '^wp-entities(/|$)',
              message: 'The package entry points are the top layer; import the module itself.',
            },
          ],
        },
      ],
    },
  }));
}
