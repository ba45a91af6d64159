import { createRequire } from 'node:module';
import type { CodegenConfig } from '@graphql-codegen/cli';
import * as persistedQueryManifest from './scripts/codegen/persisted-query-manifest';

/**
 * schema.graphql → src/graphql/generated/resolvers-types.ts, the typed operations of the dashboard
 * example, examples/dashboard/gql/ (GraphQL Codegen's client preset), and the registry browser's
 * manifest of trusted documents, src/server/browser/persisted-query-manifest.json (from its
 * operations.graphql, by scripts/codegen/persisted-query-manifest.ts), all committed.
 * `npm run codegen` regenerates it; `npm run codegen:check` fails when it is out of date.
 *
 * Resolvers receive domain values (mappers), enums are the domain's lowercase strings (enumValues,
 * backed by the enum resolvers in src/graphql/resolvers/enums.ts), and union members carry their
 * `__typename` from the resolver that returns them.
 */
const enumValues = {
  ToolSource: '../../domain/model#ToolSource',
  ToolType: '../../domain/model#ToolType',
  ResourceAccessMode: '../../domain/model#ResourceAccessMode',
  BindingMode: '../../domain/model#BindingMode',
  CheckpointScope: '../../domain/model#CheckpointScope',
  ImportedToolChangeKind: '../../domain/registry#ToolChange',
  ToolField: '../../domain/validation#ToolFieldName',
  SafetyDowngradeKind: '../../domain/safety#SafetyDowngradeKind',
  ToolIssueCode: '../../domain/issues#IssueCode',
  ToolEventKind: '../../domain/events#ToolEventKind',
  ToolStatus: '../../domain/model#ToolStatus',
  ToolOrderField: '../../domain/ports#ToolOrderField',
  ToolOrderDirection: '../../domain/ports#OrderDirection',
  ModelToolFormat: '../../domain/exports#ModelFormat',
  ModelToolUnavailableReason: '../../domain/exports#ModelToolUnavailableReason',
};

/** The name codegen is given for scripts/codegen/persisted-query-manifest.ts: a name no package has, so its first try is this one. */
const OWN_PLUGIN = '@graphql-codegen/toolgraph-persisted-query-manifest';

type LoadedPlugin = Awaited<ReturnType<NonNullable<CodegenConfig['pluginLoader']>>>;

const config: CodegenConfig = {
  schema: 'schema.graphql',
  // This project's own plugins are TypeScript, loaded with this file; any other is required as codegen would.
  pluginLoader: (name) => (name === OWN_PLUGIN ? persistedQueryManifest : (createRequire(`${process.cwd()}/`)(name) as LoadedPlugin)),
  generates: {
    'src/server/browser/persisted-query-manifest.json': {
      documents: ['src/server/browser/operations.graphql'],
      plugins: [OWN_PLUGIN],
    },
    'examples/dashboard/gql/': {
      preset: 'client',
      // Results as the server sends them, fragments spread in: the example reads them without useFragment.
      presetConfig: { fragmentMasking: false },
      documents: ['examples/dashboard/*.ts'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { JSONObject: 'Record<string, unknown>', DateTime: 'string', federation__FieldSet: 'string', link__Import: 'string' },
      },
    },
    'src/graphql/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        // schema.graphql is an Apollo Federation subgraph: entity types get a typed `__resolveReference`.
        federation: true,
        useTypeImports: true,
        enumsAsTypes: true,
        enumValues,
        contextType: '../context#GraphQLContext',
        scalars: {
          JSONObject: { input: '../../domain/model#JsonObject', output: '../../domain/model#JsonObject' },
          DateTime: { input: 'Date', output: 'Date | string' },
          // Federation's own scalars: only directive arguments use them; no resolver sees them.
          federation__FieldSet: 'string',
          link__Import: 'string | { name: string; as: string }',
        },
        mapperTypeSuffix: 'Mapper',
        mappers: {
          Tool: '../../domain/model#StoredTool',
          ToolCapability: '../../domain/model#ToolCapability',
          ResourceSlot: '../../domain/model#ResourceSlot',
          ToolLifecycle: '../../domain/model#ToolLifecycle',
          ToolDeprecation: '../../domain/model#ToolDeprecation',
          Namespace: '../../domain/ports#Namespace',
          ToolStats: '../../domain/ports#ToolStats',
          ToolEvent: '../../domain/events#ToolEvent',
          ToolTombstone: '../../domain/events#ToolTombstone',
          ToolChangeConnection: '../../domain/registry#ChangePage',
          ToolConnection: '../mappers#ToolConnectionModel',
          ToolRevision: '../../domain/history#StoredRevision',
          ToolRevisionConnection: '../mappers#ToolRevisionConnectionModel',
          WrappedImplementation: '../mappers#WrappedImplementationModel',
          ImportedToolChange: '../../domain/registry#ImportedTool',
          ToolSearchHit: '../../domain/registry#RankedHit',
        },
        resolversNonOptionalTypename: { unionMember: true, interfaceImplementingType: true },
        avoidOptionals: false,
        strictScalars: true,
      },
    },
  },
};

export default config;
