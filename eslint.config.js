import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', 'test/react18', 'coverage', 'test/nextjs-app/.next', 'test/nextjs-app/node_modules', 'test/nextjs-app/next-env.d.ts', 'test/nextjs-app/app/quickstart/Meeting.tsx', 'test/nextjs-app/app/join/Meeting.tsx', 'test/nextjs-app/app/colours/States.tsx', 'test/pipelines/vite-app/dist', '.docs-check*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `interface RoomKitLabels extends ChatLabels {}`: how each feature adds its strings (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  // A file past 400 lines holds more than one thing: split it (the import boundaries are dependency-cruiser's).
  { files: ['src/**/*.{ts,tsx}', 'dev/**/*.ts'], rules: { 'max-lines': ['error', { max: 400 }] } },
);
