// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'bench/core-data/**',
      'bench/results/**',
      'coverage/**',
      'test-results/**',
      '.wordpress/**',
      'examples/editor/.generated/**',
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
  ...syncFolderRules([
    {
      files: ['src/sync/shared/**/*.ts'],
      banned: ['client', 'providers', 'server'],
      packages: ['mobx', 'node:*', 'ws', 'ioredis', '@hocuspocus/*'],
      why: 'shared/ runs in browsers and servers alike',
    },
    {
      files: ['src/sync/server/**/*.ts'],
      banned: ['client', 'providers'],
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
 * The sync folders' boundaries: relative imports into a banned sibling folder of `src/sync/`, and
 * packages that folder must not load, are errors. The layer rule above still applies to each file.
 * @param {{ files: string[], banned: string[], packages: string[], why: string }[]} folders
 */
function syncFolderRules(folders) {
  return folders.map(({ files, banned, packages, why }) => ({
    files,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${banned.join('|')})/`,
              message: `src/sync/${banned.join(', ')} is off limits here: ${why}.`,
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
