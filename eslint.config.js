// ESLint (flat config), run by `npm run lint` in `make test` (warnings fail it too): the React
// hooks rules — the rules of hooks, exhaustive effect dependencies and the React Compiler's
// checks that come with eslint-plugin-react-hooks 7 — plus the recommended JavaScript and
// TypeScript rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['ui/dist/**', 'ui/.dist-*/**', 'node_modules/**', 'tmp/**', 'bin/**'] },
  {
    files: ['ui/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    rules: {
      // `_name` marks what is left out on purpose (a destructured field, an unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The hooks rules know hooks by their import from 'react' (aliased to preact/compat, the
      // same functions): imported from 'preact/hooks' they are not checked at all, and refs
      // look like plain values.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'preact/hooks', message: "Import hooks from 'react' (preact/compat): the hooks lint only knows those." }] },
      ],
    },
  },
);
