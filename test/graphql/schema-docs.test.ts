import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
} from 'graphql';
import { ISSUE_CODES } from '../../src/domain/issues';

const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
const ownTypes = Object.values(schema.getTypeMap()).filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type));

/** Every place in the schema a description belongs, as `Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE`. */
function undocumented(type: GraphQLNamedType): string[] {
  const missing = type.description ? [] : [type.name];
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (!field.description) missing.push(`${type.name}.${field.name}`);
      for (const arg of field.args) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
    }
  }
  if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) if (!field.description) missing.push(`${type.name}.${field.name}`);
  }
  if (isEnumType(type)) {
    for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

describe('schema.graphql as the user manual', () => {
  it('describes every type, field, argument and enum value', () => {
    expect(ownTypes.flatMap(undocumented)).toEqual([]);
  });

  it('has one IssueCode per issue code of the domain', () => {
    const issueCode = schema.getType('IssueCode');
    if (!isEnumType(issueCode)) throw new Error('IssueCode is not an enum');
    expect(
      issueCode
        .getValues()
        .map((value) => value.name)
        .sort(),
    ).toEqual([...ISSUE_CODES].sort());
  });

  it('has the operations of the contract with their arguments', () => {
    const args = (type: 'Query' | 'Mutation', field: string) =>
      (type === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[field]!.args.map((arg) => `${arg.name}: ${String(arg.type)}`);
    expect(args('Query', 'tool')).toEqual(['name: String!']);
    expect(args('Query', 'tools')).toEqual(['filter: ToolFilter', 'orderBy: ToolOrder', 'first: Int', 'after: String']);
    expect(args('Query', 'toolStats')).toEqual(['filter: ToolFilter']);
    expect(args('Query', 'namespaces')).toEqual([]);
    expect(args('Mutation', 'createTool')).toEqual(['input: ToolInput!']);
    expect(args('Mutation', 'updateTool')).toEqual(['name: String!', 'input: ToolPatch!', 'expectedRevision: Int']);
    expect(args('Mutation', 'deleteTool')).toEqual(['name: String!', 'expectedRevision: Int']);
    expect(args('Mutation', 'importTools')).toEqual(['config: String!', 'dryRun: Boolean', 'prune: [String!]', 'expectedRevisions: [ExpectedToolRevision!]']);
    const toolEvents = schema.getSubscriptionType()!.getFields().toolEvents!;
    expect(toolEvents.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual(['namespace: String']);
    expect(String(toolEvents.type)).toBe('ToolEvent!');
  });
});
