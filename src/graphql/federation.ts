/**
 * What the Apollo Federation v2 subgraph spec asks a subgraph server to add to its own schema:
 * `_service { sdl }` and `_entities(representations:)`, with `_Service`, `_Any` and `_Entity`.
 * schema.graphql already links the spec and declares the directives it imports.
 *
 * Written here (a few dozen lines on graphql-js) because the reference implementation,
 * @apollo/subgraph, depends on @apollo/federation-internals, which is Elastic-licensed; this way
 * the executable schema is still built by yoga's createSchema, with the same scalar and enum
 * resolver handling as before.
 */
import { GraphQLError, GraphQLScalarType, Kind, parse, valueFromASTUntyped, type GraphQLResolveInfo, type StringValueNode } from 'graphql';

/** What a gateway sends for one entity: its type name and the fields of one of its keys. */
export interface EntityRepresentation {
  __typename: string;
  [field: string]: unknown;
}

type ReferenceResolver = (reference: never, context: never, info: GraphQLResolveInfo) => unknown;
type ResolverMap = Record<string, unknown>;

interface Entity {
  /** The top-level fields of each resolvable key: a representation must carry all of one key's. */
  keys: string[][];
  resolveReference: ReferenceResolver;
}

/** The extra type definitions and resolvers that make `sdl` + `resolvers` a subgraph schema. */
export function subgraphAdditions(sdl: string, resolvers: ResolverMap) {
  const entities = entitiesOf(sdl, resolvers);
  // toolgraph owns `Tool`; a subgraph without entities would drop `_entities`, which nothing here needs.
  if (entities.size === 0) throw new Error('The subgraph SDL declares no entity (no object type with a resolvable @key).');

  const typeDefs = /* GraphQL */ `
    "Apollo Federation: this subgraph's own schema, for gateways and schema registries."
    type _Service {
      "The subgraph SDL, as written, with its federation directives."
      sdl: String
    }
    "Apollo Federation: an entity reference, \`{ __typename, <key fields> }\`."
    scalar _Any
    "Apollo Federation: the entity types this subgraph resolves."
    union _Entity = ${[...entities.keys()].join(' | ')}
    extend type Query {
      "Apollo Federation: this subgraph's SDL."
      _service: _Service!
      "Apollo Federation: the entities for these references, in order; null for one that does not exist."
      _entities("References from the gateway." representations: [_Any!]!): [_Entity]!
    }
  `;

  const Query = {
    _service: () => ({ sdl }),
    _entities: (_root: unknown, args: { representations: EntityRepresentation[] }, context: unknown, info: GraphQLResolveInfo) =>
      // Every reference is asked for in the same tick, so per-request DataLoaders batch them.
      args.representations.map((representation) => resolveEntity(entities, representation, context, info)),
  };
  return { typeDefs, resolvers: { Query, _Any: AnyScalar } };
}

function resolveEntity(entities: Map<string, Entity>, representation: EntityRepresentation, context: unknown, info: GraphQLResolveInfo) {
  const typeName = representation.__typename;
  const entity = entities.get(typeName);
  // Returned, not thrown: the error belongs to this reference only (null at its index), the others resolve.
  if (!entity) {
    return userError(`This subgraph owns no entity type "${typeName}"; it resolves ${[...entities.keys()].map((n) => `"${n}"`).join(', ')}.`);
  }
  if (!entity.keys.some((key) => key.every((field) => representation[field] !== undefined))) {
    return userError(`A "${typeName}" reference needs the fields of its key: ${entity.keys.map((key) => key.join(' ')).join(' or ')}.`);
  }
  // `new Promise` runs the resolver now (same tick, so DataLoaders still batch) and turns a
  // synchronous throw into this reference's error instead of the whole list's.
  return new Promise((resolve) => resolve(entity.resolveReference(representation as never, context as never, info))).then((value) =>
    // `__typename` tells `_Entity` which member this is (graphql-js's default type resolver reads it).
    value === null || value === undefined ? null : { ...value, __typename: typeName },
  );
}

function userError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The object types with a resolvable `@key`, each with its `__resolveReference`, which must exist. */
function entitiesOf(sdl: string, resolvers: ResolverMap): Map<string, Entity> {
  const entities = new Map<string, Entity>();
  for (const definition of parse(sdl).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const keys = (definition.directives ?? [])
      .filter((directive) => directive.name.value === 'key')
      .filter((directive) => !directive.arguments?.some((arg) => arg.name.value === 'resolvable' && arg.value.kind === Kind.BOOLEAN && !arg.value.value))
      .map((directive) => topLevelFields((directive.arguments?.find((arg) => arg.name.value === 'fields')?.value as StringValueNode).value));
    if (keys.length === 0) continue;
    const name = definition.name.value;
    const resolveReference = (resolvers[name] as { __resolveReference?: ReferenceResolver } | undefined)?.__resolveReference;
    // Without it a reference would resolve to the bare representation: fail at start-up instead.
    if (!resolveReference) throw new Error(`Entity type ${name} has a resolvable @key but no __resolveReference resolver.`);
    entities.set(name, { keys, resolveReference });
  }
  return entities;
}

/** `"id owner { id }"` → `['id', 'owner']`: the fields a representation must carry at its top level. */
function topLevelFields(fieldSet: string): string[] {
  const fields: string[] = [];
  let depth = 0;
  for (const [token] of fieldSet.matchAll(/[_A-Za-z][_0-9A-Za-z]*|[{}]/g)) {
    if (token === '{') depth += 1;
    else if (token === '}') depth -= 1;
    else if (depth === 0) fields.push(token);
  }
  return fields;
}

/** `_Any`: a representation, from a variable or an inline literal; anything else is refused. */
const AnyScalar = new GraphQLScalarType({
  name: '_Any',
  serialize: (value) => value,
  parseValue: (value) => asRepresentation(value),
  parseLiteral: (ast, variables) => asRepresentation(valueFromASTUntyped(ast, variables)),
});

function asRepresentation(value: unknown): EntityRepresentation {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { __typename?: unknown }).__typename === 'string') {
    return value as EntityRepresentation;
  }
  throw new GraphQLError('An entity representation is an object with a string `__typename` and the fields of one of its keys.', {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}
