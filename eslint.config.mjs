// ESLint: typescript-eslint's type-aware strict and stylistic rules over every TypeScript file of
// tsconfig.json, and ESLint's recommended rules over the few JavaScript files. Formatting is
// Prettier's (.prettierrc.json); eslint-config-prettier, last, turns off the rules it owns.
// schema.graphql gets GraphQL ESLint's schema-recommended rules.
import js from '@eslint/js';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Generated code is checked against its source instead (npm run codegen:check, db:check).
    ignores: ['dist/', 'coverage/', 'node_modules/', 'src/graphql/generated/', 'src/store/generated/', 'examples/dashboard/gql/'],
  },
  {
    // A disable comment whose rule no longer fires fails the lint, so none outlives its cause.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // Only the TypeScript and JavaScript files: these rules would fail on schema.graphql's AST.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Off: under noUncheckedIndexedAccess, `!` after a lookup the code has just ensured is this codebase's idiom (370 uses).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Off: it flags the defensive checks on values whose declared type is narrower than what arrives (parsed JSON, callbacks).
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Off: `() => void call()` arrows are idiomatic here; the rule only wants braces around them.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Off: a type alias is assignable to an index signature (JsonObject) and an interface is not; the code picks what it needs.
      '@typescript-eslint/consistent-type-definitions': 'off',
      // Off: `async` without `await` is how an implementation of a Promise-returning interface rejects instead of throwing.
      '@typescript-eslint/require-await': 'off',
      // Relaxed: a name starting with `_` is unused on purpose (a property left out of a `...rest`, a stream drained).
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
      // Relaxed: numbers in messages are fine; other non-strings (objects, unknown, nullish) still fail.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Relaxed: `[...text]` splits a string into code points, how this codebase counts characters on purpose.
      '@typescript-eslint/no-misused-spread': ['error', { allow: [{ from: 'lib', name: 'string' }] }],
      '@typescript-eslint/no-deprecated': [
        'error',
        // Allowed: the MCP SDK keeps its low-level Server for what McpServer cannot do, such as the tests' hand-made tools/list pages.
        { allow: [{ from: 'package', package: '@modelcontextprotocol/sdk', name: 'Server' }] },
      ],
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Off in tests: they read GraphQL and HTTP answers as `any` and let `expect` check their shape;
      // typing each answer would restate schema.graphql in every test.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The JavaScript files are outside tsconfig.json, so they get no type-aware rules.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['src/server/browser/'],
    languageOptions: { sourceType: 'commonjs' },
    // Off: CommonJS files load modules with require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The registry browser's script runs in the page, as an ES module.
    files: ['src/server/browser/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The API's schema, linted as SDL against itself (known types, directives, reachability).
    files: ['schema.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: { schema: `${import.meta.dirname}/schema.graphql` } },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      // Off: a one-line description is an inline string and a longer one a block, which the rule's
      // single style cannot say; the no-restricted-syntax below holds that convention instead.
      '@graphql-eslint/description-style': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: '.description[type=StringValue][block=true]:not([value=/\\n/])',
          message: 'A one-line description is an inline string ("…"); a block string ("""…""") is for several lines.',
        },
      ],
      // Widened: every field, argument, input field and enum value too, as the API's manual (test/graphql/schema-docs).
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          rootField: true,
          DirectiveDefinition: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
        },
      ],
      '@graphql-eslint/naming-convention': [
        'error',
        {
          ...graphqlPlugin.configs['flat/schema-recommended'].rules['@graphql-eslint/naming-convention'][1],
          // Relaxed: the link and federation specs name their types `link__Import`, `federation__FieldSet`.
          types: { style: 'PascalCase', ignorePattern: '^(link|federation)__' },
        },
      ],
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          acceptedIdNames: ['id'],
          acceptedIdTypes: ['ID'],
          // An object a client's normalized cache keeps implements `Node`, with its global `id: ID!`
          // (schema.graphql says which and why). The exceptions have no identity of their own:
          // results and the errors of writes, pages, counts, parts of a tool (the `Issue` suffix
          // covers `Issue` and its coming name `ToolIssue`); or one that depends on where it is
          // read: a `Namespace`'s count on the filter, a `ToolTombstone` on what its name holds now
          // (read by name); or an event, delivered and paged once, whose `cursor` is its place.
          exceptions: {
            suffixes: ['Success', 'Error', 'Connection', 'Edge', 'Stats', 'Count', 'Counts', 'Hit', 'Implementation', 'Issue'],
            types: [
              'PageInfo',
              'NamespaceSummary',
              'NamespaceForbidden',
              'ModelTool',
              'ToolFinding',
              'ToolDeprecation',
              'ToolCapability',
              'ToolLifecycle',
              'SafetyDowngrade',
              'InvalidToolConfig',
              'ResourceSlot',
              'ImportedToolChange',
              'ToolNotFound',
              'ToolNotDeleted',
              'ToolIsWrapped',
              'ToolRevisionConflict',
              'Namespace',
              'ToolTombstone',
              'ToolEvent',
            ],
          },
        },
      ],
    },
  },
  prettier,
);
