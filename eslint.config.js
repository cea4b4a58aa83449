import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const CALL_THE_API_THROUGH_THE_PROVIDERS =
  "Call the API through src/dataProvider.ts (react-admin's hooks, or a typed method read with useQuery/useMutation) or src/authProvider.ts.";

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The console's data layer is react-admin's: only the data and auth providers call the API.
    // (The fans' capture page, src/capture/, is no react-admin app and calls its API itself.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider.ts', 'src/authProvider.ts', 'src/http.ts', 'src/capture/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.{1,2}/(.*/)?http$', importNames: ['request'], message: CALL_THE_API_THROUGH_THE_PROVIDERS }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='fetch'][arguments.0.value=/^\\/api\\//]", message: CALL_THE_API_THROUGH_THE_PROVIDERS },
        { selector: "CallExpression[callee.name='fetch'][arguments.0.quasis.0.value.raw=/^\\/api\\//]", message: CALL_THE_API_THROUGH_THE_PROVIDERS },
      ],
    },
  },
  {
    files: ['server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
