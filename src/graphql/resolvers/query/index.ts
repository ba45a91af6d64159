import type { QueryResolvers } from '../../generated/resolvers-types';
import { namespaces } from './namespaces';
import { tool } from './tool';
import { tools } from './tools';

export const Query: QueryResolvers = { tool, tools, namespaces };
