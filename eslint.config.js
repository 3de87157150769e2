import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: contract → services → machines → actors → views (the app), and
 * contract → store → domain → http (the server). A layer may not import one above it.
 */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group: [group], message: 'Imports flow one way; see docs/ARCHITECTURE.md.' })) }],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules },
  { files: ['contract/**/*.ts'], rules: forbid('**/server/**', '**/src/**', 'react', 'fastify', 'kysely') },
  { files: ['src/services/**/*.ts'], rules: forbid('**/machines/**', '**/actors/**', '**/views/**', '**/server/**') },
  { files: ['src/machines/**/*.ts'], rules: forbid('**/actors/**', '**/views/**', '**/server/**', 'react') },
  { files: ['src/actors/**/*.{ts,tsx}'], rules: forbid('**/views/**', '**/server/**') },
  { files: ['src/views/**/*.{ts,tsx}'], rules: forbid('**/server/**', 'ky') },
  { files: ['server/store/**/*.ts'], rules: forbid('**/domain/**', '**/http/**', '**/src/**') },
  { files: ['server/domain/**/*.ts'], rules: forbid('**/http/**', '**/src/**') },
  { files: ['server/live/**/*.ts'], rules: forbid('**/http/**', '**/src/**') },
);
