import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The import walls of ARCHITECTURE.md, checked rather than written down only.
const wall = (from, patterns, message) => ({
  files: from,
  rules: { 'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': 'off',
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  wall(
    ['contract/**'],
    ['../src/**', '../server/**', '../commands/**', '../layouts/**', '**/src/**', '**/server/**'],
    'contract/ imports nothing of ours.',
  ),
  wall(['src/**', 'commands/**', 'layouts/**'], ['**/server/**'], 'The browser app never imports the server.'),
  {
    // A command never knows which screens exist: it reads its target and announces what it changed
    // (src/state/target.ts, src/state/recordsChanged.ts); what it may use of a feature, the feature
    // exports from its index.ts. Repeats the wall above: a later rule replaces an earlier one.
    files: ['commands/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser app never imports the server.' },
            {
              group: ['**/src/features/*/*', '!**/src/features/*/index.ts'],
              message:
                "commands/ import a feature only through its index.ts: read the target (src/state/target.ts), announce changes with recordsChanged, and export what else a command needs from the feature's index.ts.",
            },
          ],
        },
      ],
    },
  },
  wall(['server/**'], ['**/src/**', '**/commands/**', '**/layouts/**'], 'The server never imports the browser app.'),
  wall(['src/ui/**'], ['**/features/**', '**/state/**', '**/commands/**', '**/api/**'], 'src/ui is business-free.'),
  wall(
    ['server/edi/**'],
    ['**/db/**', '**/routes/**', '**/services/**', 'fastify', 'pg', '@electric-sql/*'],
    'server/edi is pure: strings in, typed values out.',
  ),
  wall(['server/services/**'], ['fastify', '**/routes/**', '**/http/**'], 'Services know no HTTP.'),
  wall(['server/db/**'], ['**/services/**', '**/routes/**'], 'server/db knows no service.'),
  {
    // The data layer is server/services/: it scopes every query to the data role and audits reads
    // and changes. A route (the HTTP layer) reaches the database only through the request's
    // repository (context.data, server/services/access/repository.ts): it imports nothing of
    // server/db/, never holds the database handle (no .db) and runs no SQL of its own.
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**'],
              message:
                'A route reaches the database only through a service (server/services/), which scopes and audits.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|exec|transaction)$/]',
          message: 'A route runs no SQL: call a service (server/services/), which scopes to the data role and audits.',
        },
        {
          selector: "MemberExpression[property.name='db']",
          message:
            'A route never holds the database: bind the service to the request with context.data (run, inScope, asActor, asUser, reference), which scopes to the data role and audits the read.',
        },
      ],
    },
  },
  {
    // Server test files share a worker's module cache (vitest.config.ts): a mocked module would leak into the next file.
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message: 'Server tests share their process: pass the value in instead of mocking a module or a global.',
        },
      ],
    },
  },
);
