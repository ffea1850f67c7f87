import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    ['server/src/models/**', 'server/src/workers/**'],
    '((^|/)(db|services)/|^fastify$|^@fastify/)',
    'Models and workers run in worker threads, without the database, services or the HTTP server.',
  ),
  restrict(['server/src/engines/*/providers/**'], '(^|/)services/', 'Providers do not call services.'),
);

function restrict(files, regex, message, options = {}) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex, message, ...options }] }],
    },
  };
}
