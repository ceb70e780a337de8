import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Every web feature folder; each one's `index.ts` is its public API. */
const webFeatures = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature reaches another only through that feature's `index.ts`. Tests
 * (and `testing/` helpers) may also use another feature's `testing/` folder,
 * its test-only public API.
 */
function featureZones({ forTests }) {
  return webFeatures.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [
      `./${feature}`,
      ...webFeatures.map((other) => `./${other}/index.ts`),
      ...(forTests ? webFeatures.map((other) => `./${other}/testing`) : []),
    ],
    message: `Import another feature through its index.ts (\`@/features/<name>\`), never its internals.`,
  }));
}

/** lib, components, config and stores sit below the features and the app. */
function lowerLayerZones({ forTests }) {
  const target = ['web/src/lib', 'web/src/components', 'web/src/config', 'web/src/stores'];
  return [
    { target, from: 'web/src/app', message: 'Lower layers never import the app.' },
    {
      target,
      from: 'web/src/features',
      except: forTests ? webFeatures.map((feature) => `./${feature}/testing`) : [],
      message: 'Lower layers never import a feature.',
    },
  ];
}

const tsExtensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

/** How import-x reads and resolves modules: TypeScript sources, `@/…` from web's tsconfig. */
function importSettings(tsconfig) {
  return {
    'import-x/extensions': tsExtensions,
    'import-x/external-module-folders': ['node_modules'],
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: tsExtensions,
        ...(tsconfig ? { tsconfig: { configFile: `${root}/${tsconfig}` } } : {}),
      }),
    ],
  };
}

/**
 * Walks the linting workspace's own sources to any depth: a cycle through two
 * features' `index.ts` is four hops or more. Type-only imports are skipped
 * (they vanish at runtime), and so are packages and the other workspaces
 * (@floorfill/shared too: it imports neither web nor server, and its own
 * cycles are found when shared is linted), which keeps the walk cheap.
 */
const noCycle = ['error', { ignoreExternal: true }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['server/src/cli/**', 'bench/**', 'scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // process.env is read in exactly one place on the server (config.ts).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config.ts.' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings('web/tsconfig.json'),
    rules: {
      'import-x/no-cycle': noCycle,
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [...featureZones({ forTests: false }), ...lowerLayerZones({ forTests: false })],
        },
      ],
    },
  },
  {
    files: ['web/**/*.test.{ts,tsx}', 'web/src/features/*/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [...featureZones({ forTests: true }), ...lowerLayerZones({ forTests: true })],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings(),
    rules: { 'import-x/no-cycle': noCycle },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings(),
    rules: { 'import-x/no-cycle': noCycle },
  },
);
