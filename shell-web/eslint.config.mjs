// ESLint, flat config: `npm run lint` runs it, then `prettier --check .` (.prettierrc.json).
// shell-web, modules-web and sdk/web each have this file, with the same rules.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['**/dist/', 'dist-baseline/', 'src/session/generated.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  // The rules of hooks and exhaustive deps, and the React Compiler's checks of components.
  reactHooks.configs.flat['recommended-latest'],
  { files: ['**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  {
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // Off: no React Compiler here, and it takes refs read in handlers that helpers wrap during render (form.onSubmit, useFormSubmit) for reads in render.
      'react-hooks/refs': 'off',
      // Off: the effects it names copy a changed prop or an outside answer (the social sign-in's fragment) into state once per change; rewriting them brings users nothing.
      'react-hooks/set-state-in-effect': 'off',
      // `{ q: _q, ...rest }` is how an object loses a key.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
);
