import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // The web app of `reins ui` runs in the browser.
    files: ['web/**/*.js'],
    languageOptions: {
      globals: { document: 'readonly', location: 'readonly', history: 'readonly', fetch: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', EventSource: 'readonly' },
    },
  },
);
