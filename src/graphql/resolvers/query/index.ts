import type { QueryResolvers } from '../../generated/resolvers-types';
import { changes } from './changes';
import { namespaces } from './namespaces';
import { node, nodes } from './node';
import { searchTools } from './searchTools';
import { tool, toolByModelName, toolTombstone } from './tool';
import { toolRevision } from './toolRevision';
import { tools } from './tools';
import { toolStats } from './toolStats';

export const Query: QueryResolvers = { node, nodes, tool, toolByModelName, toolTombstone, tools, toolStats, namespaces, toolRevision, searchTools, changes };
