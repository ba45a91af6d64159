import type { MutationResolvers } from '../../generated/resolvers-types';
import { createTool } from './createTool';
import { deleteTool } from './deleteTool';
import { deprecateTool, undeprecateTool } from './deprecateTool';
import { importTools } from './importTools';
import { purgeTool } from './purgeTool';
import { renameTool } from './renameTool';
import { restoreTool } from './restoreTool';
import { updateTool } from './updateTool';

export const Mutation: MutationResolvers = {
  createTool,
  updateTool,
  deleteTool,
  importTools,
  deprecateTool,
  undeprecateTool,
  restoreTool,
  renameTool,
  purgeTool,
};
