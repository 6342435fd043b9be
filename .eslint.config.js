// ESLint flat config (a dotfile: DESIGN.md fixes the top level). `npm run lint` points at it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];
const FEATURES = ['auth', 'catalogue', 'lists', 'pipeline', 'startup', 'profile', 'deal-offers', 'saved-searches', 'teams', 'contacts', 'capture', 'offline'];
// The one exception: every change made offline goes through the one outbox (DESIGN.md), which the
// offline feature holds, so any feature may import the offline feature's public entry — and nothing
// deeper (src/features/offline/index.ts says what it offers).
const OFFLINE_ENTRY = '@/features/offline';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'src/app/routeTree.gen.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/features/**', 'src/components/**', 'src/app/**', 'src/lib/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One-way imports (DESIGN.md): features never import each other; shared code never imports features or app;
  // client and server never import each other.
  {
    files: ['src/components/**', 'src/lib/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'], message: 'shared code must not import features or app' },
        { group: ['@/server/*', '**/server/**'], message: 'client code must not import the server' },
      ]),
    },
  },
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((other) => other !== feature);
    const reachesOffline = feature !== 'offline';
    return {
      files: [`src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': restrict([
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`, ...(reachesOffline ? [`!${OFFLINE_ENTRY}`] : [])],
            message: 'features never import each other; compose them in routes',
          },
          ...(reachesOffline
            ? [{ group: [`${OFFLINE_ENTRY}/*`], message: `other features reach the offline feature through ${OFFLINE_ENTRY} only` }]
            : []),
          {
            // A relative path that climbs out of this feature into another one.
            regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
            message: 'features never import each other; compose them in routes',
          },
          { group: ['@/app/*'], message: 'features must not import app' },
          { group: ['@/server/*', '**/server/**'], message: 'client code must not import the server' },
        ]),
      },
    };
  }),
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@/features/*', '@/app/*', '@/components/*', '@/lib/*', '**/features/**', '**/components/**'], message: 'the server never imports client code' },
      ]),
    },
  },
);
