import { collectSubFields } from '@graphql-tools/utils';
import { getNamedType, isObjectType, type GraphQLResolveInfo } from 'graphql';

/**
 * Whether the operation selects `fieldName` on the value the current field returns, through
 * aliases, fragments and @skip/@include as the executor will: a resolver can then fetch it
 * together with the rest instead of in a statement of its own.
 */
export function selectsField(info: GraphQLResolveInfo, fieldName: string): boolean {
  const returnType = getNamedType(info.returnType);
  if (!isObjectType(returnType)) return false;
  const { fields } = collectSubFields(info.schema, info.fragments, info.variableValues, returnType, [...info.fieldNodes]);
  for (const nodes of fields.values()) if (nodes.some((node) => node.name.value === fieldName)) return true;
  return false;
}
