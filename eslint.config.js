// ESLint: the TypeScript and React rules of the ecosystem, without type-aware rules (fast).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const readonly = (names) => Object.fromEntries(names.map((n) => [n, 'readonly']));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '**/lib/**',
      '.cache/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'schemas/json/**',
      '**/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Playwright fixtures call their `use` argument: not React's hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: readonly(['process', 'console', 'URL', 'Buffer', 'setTimeout', 'clearTimeout']) },
  },
  {
    // Scripts that run in the browser as they are (the dev server's client).
    files: ['generator/dev/client/**'],
    languageOptions: {
      globals: readonly([
        'window',
        'document',
        'location',
        'history',
        'sessionStorage',
        'localStorage',
        'requestAnimationFrame',
        'setTimeout',
        'clearTimeout',
        'CustomEvent',
        'EventSource',
        'console',
        'URL',
      ]),
    },
  },
);
