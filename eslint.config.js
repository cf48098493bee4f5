import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// typescript-eslint's type-checked rules on every TypeScript file (src, test, bench: all in tsconfig.json), so
// promises are awaited or deliberately handed off with their failure handled (`void` does not count), methods
// are not torn off their objects, and no `any` leaks. Plain JavaScript files (fixtures, scripts, configs) get the
// untyped rules.
export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'build/', 'coverage/', '**/.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A promise nobody awaits must say what happens when it fails: `.catch(handler)` or `.then(ok, handler)`.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
    },
  },
  {
    // Tests build loose JSON and use vitest's asymmetric matchers (typed any); fake async ports need no await.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
