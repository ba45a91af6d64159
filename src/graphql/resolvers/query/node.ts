import { parseGlobalId } from '../../global-ids';
import type { GraphQLContext } from '../../context';
import type { QueryResolvers, ResolversInterfaceTypes, ResolversTypes } from '../../generated/resolvers-types';

type NodeValue = ResolversInterfaceTypes<ResolversTypes>['Node'];

/**
 * `node(id)`: the object a global id (../../global-ids.ts) stands for, read through the same
 * loaders and with the same reach as `tool(name:)` and `toolRevision`: a live tool (a tombstone is
 * no tool), or a revision still kept. Any other id answers null, never an error: a client holding
 * an id of something deleted since is told so without losing the rest of its query.
 */
export const node: NonNullable<QueryResolvers['node']> = (_root, { id }, { loaders }) => nodeOf(id, loaders);

/** `nodes(ids)`: each as `node`, in the order given; every read of one request is batched by the loaders. */
export const nodes: NonNullable<QueryResolvers['nodes']> = (_root, { ids }, { loaders }) => Promise.all(ids.map((id) => nodeOf(id, loaders)));

async function nodeOf(id: string, loaders: GraphQLContext['loaders']): Promise<NodeValue | null> {
  const reference = parseGlobalId(id);
  if (reference === null) return null;
  switch (reference.type) {
    case 'Tool': {
      const tool = await loaders.toolById.load(reference.id);
      return tool && { ...tool, __typename: 'Tool' };
    }
    case 'ToolRevision': {
      const revision = await loaders.revisionById.load(reference.id);
      return revision && { ...revision, __typename: 'ToolRevision' };
    }
  }
}
