import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The server's folders and top-level modules, every one above lib/ (README, Layout). */
const SERVER_FOLDERS = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => !entry.name.endsWith('.spec.ts'))
  .map((entry) => entry.name.replace(/\.ts$/, ''));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'scratch', 'server/src/db/migrations', 'client/public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The import boundaries of STYLE.md: each block names who may not import what, and why.
  restrict(
    ['common/**'],
    '(^@client/|(^|/)(client|server)/)',
    'common/ is shared by client and server and imports neither.',
  ),
  restrict(
    ['client/src/features/**'],
    '^@client/features/(?!auth$)',
    'Features do not import each other; share through components/, lib/ or common/ (auth is app-wide).',
  ),
  restrict(
    ['server/src/routes/**'],
    '(^|/)(repositories|db)/',
    'Routes call services; they do not touch repositories or the database.',
    { allowTypeImports: true },
  ),
  restrict(
    ['server/src/models/**', 'server/src/inference/**'],
    '((^|/)(db|services|edit)/|^fastify$|^@fastify/)',
    'Models and the inference threads run in worker threads, without the database, services or the HTTP server.',
    {},
    // Models serve the engines, never the other way round: what both need lives in the model, lib/ or common/.
    {
      regex: '(^|/)engines/',
      message: 'Models do not import engines; move what both need to the model, lib/ or common/.',
    },
  ),
  restrict(
    ['server/src/lib/**'],
    `(^|/)(${SERVER_FOLDERS.filter((folder) => folder !== 'lib').join('|')})(/|$)`,
    'lib/ is the bottom of the server: it imports only lib/, common/ and packages.',
  ),
  restrict(['server/src/engines/*/providers/**'], '(^|/)(services|edit)/', 'Providers do not call services.'),
  restrict(
    ['server/src/edit/run.ts'],
    '(^|/)(db|repositories|services)/',
    "An edit's run never touches the database, so a worker process can run it beside any web process.",
  ),
);

/** One block of forbidden imports for `files`; a later block for the same files would replace it, so give
 * further patterns for them here, as `more`. */
function restrict(files, regex, message, options = {}, ...more) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex, message, ...options }, ...more] },
      ],
    },
  };
}
