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
  isUnionType,
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

  it('has one ToolIssueCode per issue code of the domain', () => {
    const issueCode = schema.getType('ToolIssueCode');
    if (!isEnumType(issueCode)) throw new Error('ToolIssueCode is not an enum');
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
    expect(args('Query', 'changes')).toEqual(['after: String', 'first: Int']);
    expect(args('Mutation', 'createTool')).toEqual(['input: ToolInput!']);
    expect(args('Mutation', 'updateTool')).toEqual(['name: String!', 'input: ToolPatch!', 'expectedRevision: Int']);
    expect(args('Mutation', 'deleteTool')).toEqual(['name: String!', 'expectedRevision: Int']);
    expect(args('Mutation', 'importTools')).toEqual(['config: String!', 'dryRun: Boolean', 'prune: [String!]', 'expectedRevisions: [ExpectedToolRevision!]']);
    const toolEvents = schema.getSubscriptionType()!.getFields().toolEvents!;
    expect(toolEvents.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual(['namespace: String', 'after: String']);
    expect(String(toolEvents.type)).toBe('ToolEvent!');
  });

  it('answers each mutation with its own union: its success, then errors that are RegistryErrors, each with its code', () => {
    const members = Object.fromEntries(
      Object.values(schema.getMutationType()!.getFields()).map((field) => {
        const union = schema.getType(String(field.type).replace(/!$/, ''));
        if (!isUnionType(union)) throw new Error(`${field.name} does not answer with a union`);
        return [`${field.name}: ${union.name}`, union.getTypes().map((type) => type.name)];
      }),
    );
    expect(members).toEqual({
      'createTool: CreateToolResult': ['CreateToolSuccess', 'ToolValidationError', 'NamespaceForbidden'],
      'updateTool: UpdateToolResult': ['UpdateToolSuccess', 'ToolValidationError', 'ToolNotFound', 'ToolRevisionConflict', 'NamespaceForbidden'],
      'deleteTool: DeleteToolResult': ['DeleteToolSuccess', 'ToolNotFound', 'ToolIsWrapped', 'ToolRevisionConflict', 'NamespaceForbidden'],
      'deprecateTool: DeprecateToolResult': ['DeprecateToolSuccess', 'ToolValidationError', 'ToolNotFound', 'ToolRevisionConflict', 'NamespaceForbidden'],
      'undeprecateTool: UndeprecateToolResult': ['UndeprecateToolSuccess', 'ToolNotFound', 'ToolRevisionConflict', 'NamespaceForbidden'],
      'restoreTool: RestoreToolResult': ['RestoreToolSuccess', 'ToolValidationError', 'ToolRevisionConflict', 'NamespaceForbidden'],
      'renameTool: RenameToolResult': ['RenameToolSuccess', 'ToolValidationError', 'ToolNotFound', 'ToolRevisionConflict', 'NamespaceForbidden'],
      'purgeTool: PurgeToolResult': ['PurgeToolSuccess', 'ToolNotFound', 'ToolNotDeleted', 'ToolIsWrapped', 'NamespaceForbidden'],
      'importTools: ImportToolsResult': ['ImportToolsSuccess', 'ImportValidationError', 'ToolRevisionConflict'],
    });
    const implementing = (name: string) => {
      const type = schema.getType(name);
      if (!isInterfaceType(type)) throw new Error(`${name} is not an interface`);
      return schema
        .getImplementations(type)
        .objects.map((object) => object.name)
        .sort();
    };
    const errors = [...new Set(Object.values(members).flatMap((types) => types.slice(1)))].sort();
    expect(implementing('RegistryError')).toEqual(errors);
    expect(implementing('ToolWriteSuccess')).toEqual(
      Object.values(members)
        .map((types) => types[0]!)
        .filter((name) => !['PurgeToolSuccess', 'ImportToolsSuccess'].includes(name))
        .sort(),
    );
    const code = schema.getType('RegistryErrorCode');
    if (!isEnumType(code)) throw new Error('RegistryErrorCode is not an enum');
    expect(code.getValues().map((value) => value.name)).toEqual([
      'VALIDATION_FAILED',
      'TOOL_NOT_FOUND',
      'NAMESPACE_FORBIDDEN',
      'REVISION_CONFLICT',
      'TOOL_IS_WRAPPED',
      'TOOL_NOT_DELETED',
    ]);
    for (const name of ['UserError', 'ToolResult', 'ToolNameTaken', 'Forbidden', 'DeletedTool', 'PurgedTool', 'ImportedTools']) {
      expect([name, schema.getType(name)]).toEqual([name, undefined]);
    }
  });
});
