import { forbiddenMessage } from '../domain/access';
import { definitionChanges } from '../domain/history';
import type { Issue } from '../domain/issues';
import type { StoredTool } from '../domain/model';
import {
  nameTakenMessage,
  reservedNameMessage,
  type DeleteOutcome,
  type Forbidden,
  type ImportOutcome,
  type PurgeOutcome,
  type RevisionConflict,
  type WriteOutcome,
} from '../domain/registry';
import type { ResolversTypes, ResolversUnionTypes, ToolIssue } from './generated/resolvers-types';
import { argumentIssue, importIssue, inputIssue, invalidToolConfig, storedDefinitionIssue } from './tool-issues';

type Union<Name extends keyof ResolversUnionTypes<ResolversTypes>> = ResolversUnionTypes<ResolversTypes>[Name];

/**
 * The registry's outcomes as members of the mutations' result unions, each with its `__typename`,
 * its `code` and a message for people. No decisions here: the domain made them.
 */

/** The result union of each mutation that writes one tool, by mutation. */
interface ToolWriteResults {
  createTool: Union<'CreateToolResult'>;
  updateTool: Union<'UpdateToolResult'>;
  deprecateTool: Union<'DeprecateToolResult'>;
  undeprecateTool: Union<'UndeprecateToolResult'>;
  restoreTool: Union<'RestoreToolResult'>;
  renameTool: Union<'RenameToolResult'>;
}
type ToolWriteMutation = keyof ToolWriteResults;

const SUCCESS = {
  createTool: 'CreateToolSuccess',
  updateTool: 'UpdateToolSuccess',
  deprecateTool: 'DeprecateToolSuccess',
  undeprecateTool: 'UndeprecateToolSuccess',
  restoreTool: 'RestoreToolSuccess',
  renameTool: 'RenameToolSuccess',
} as const;

/** What the issues of an invalid outcome are about (null: a tool's definition), and where they lie in the request, per mutation. */
const ISSUES: Record<ToolWriteMutation, { subject: string | null; at: (issue: Issue) => ToolIssue }> = {
  createTool: { subject: null, at: inputIssue('input') },
  updateTool: { subject: null, at: inputIssue('input') },
  deprecateTool: { subject: 'deprecation', at: argumentIssue },
  undeprecateTool: { subject: 'deprecation', at: argumentIssue },
  restoreTool: { subject: 'restore', at: storedDefinitionIssue('revision', ['revision']) },
  renameTool: { subject: 'rename', at: storedDefinitionIssue('name', ['newName']) },
};

/**
 * `mutation`'s answer to `outcome`. The cast is the domain's promise that each write gives only the
 * outcomes its union has (createTool never a ToolNotFound): a broken promise is a bug, which
 * GraphQL reports as one when the member is not in the union.
 */
export function toolResult<M extends ToolWriteMutation>(outcome: WriteOutcome, mutation: M): ToolWriteResults[M] {
  return toolWriteResult(outcome, mutation) as ToolWriteResults[M];
}

function toolWriteResult(outcome: WriteOutcome, mutation: ToolWriteMutation) {
  switch (outcome.kind) {
    case 'ok': {
      const { tool, before, safetyDowngrades } = outcome;
      return {
        __typename: SUCCESS[mutation],
        tool,
        changed: before?.revision !== tool.revision,
        changedFields: before === null ? [] : definitionChanges(before, tool),
        revision: tool.revision,
        safetyDowngrades,
      };
    }
    case 'invalid':
      return validationError(outcome.issues, ISSUES[mutation]);
    case 'nameTaken': {
      const message = outcome.reservedFor === undefined ? nameTakenMessage(outcome.name) : reservedNameMessage(outcome.name, outcome.reservedFor);
      return validationError([{ path: mutation === 'renameTool' ? 'newName' : 'name', code: 'NAME_TAKEN', message }], ISSUES[mutation]);
    }
    case 'notFound':
      return notFound(outcome.name);
    case 'revisionConflict':
      return revisionConflict(outcome);
    case 'forbidden':
      return forbidden(outcome);
  }
}

function validationError(issues: Issue[], { subject, at }: (typeof ISSUES)[ToolWriteMutation]) {
  const rules = `${issues.length} rule${issues.length === 1 ? '' : 's'}`;
  return {
    __typename: 'ToolValidationError' as const,
    code: 'VALIDATION_FAILED' as const,
    message: subject === null ? `The tool breaks ${rules} of the tool model; nothing was written.` : `The ${subject} breaks ${rules}; nothing was written.`,
    issues: issues.map(at),
  };
}

export function deleteResult(outcome: DeleteOutcome): Union<'DeleteToolResult'> {
  switch (outcome.kind) {
    case 'deleted':
      return {
        __typename: 'DeleteToolSuccess',
        tool: outcome.tool,
        changed: true,
        changedFields: [],
        revision: outcome.revision,
        safetyDowngrades: [],
      };
    case 'notFound':
      return notFound(outcome.name);
    case 'forbidden':
      return forbidden(outcome);
    case 'wrapped':
      return toolIsWrapped(outcome, 'deprecate it to retire it (they are told), or delete or change those validations first');
    case 'revisionConflict':
      return revisionConflict(outcome);
  }
}

export function purgeResult(outcome: PurgeOutcome): Union<'PurgeToolResult'> {
  switch (outcome.kind) {
    case 'purged':
      return { __typename: 'PurgeToolSuccess', name: outcome.name, revisions: outcome.revisions, freedNames: outcome.freedNames };
    case 'notFound':
      return {
        __typename: 'ToolNotFound',
        code: 'TOOL_NOT_FOUND',
        message: `No tool or validation named "${outcome.name}" has a history.`,
        name: outcome.name,
      };
    case 'notDeleted':
      return {
        __typename: 'ToolNotDeleted',
        code: 'TOOL_NOT_DELETED',
        message: `"${outcome.name}" still exists; delete it first, then purge its history.`,
        name: outcome.name,
      };
    case 'forbidden':
      return forbidden({ ...outcome, message: 'Purging a history for good needs the admin role.' });
    case 'wrapped':
      return toolIsWrapped(outcome, 'its name stays while they name it; delete or change those validations first');
  }
}

function toolIsWrapped({ name, wrappedBy }: { name: string; wrappedBy: StoredTool[] }, what: string) {
  return {
    __typename: 'ToolIsWrapped' as const,
    code: 'TOOL_IS_WRAPPED' as const,
    message: `"${name}" is wrapped by ${wrappedBy.map((t) => t.name).join(', ')}; ${what}.`,
    name,
    wrappedBy,
  };
}

export function importResult(outcome: ImportOutcome): Union<'ImportToolsResult'> {
  if (outcome.kind === 'revisionConflict') return revisionConflict(outcome);
  if (outcome.kind === 'ok') {
    const count = (change: string) => outcome.tools.filter((t) => t.change === change).length;
    return {
      __typename: 'ImportToolsSuccess',
      dryRun: outcome.dryRun,
      changed: outcome.tools.some((tool) => tool.change !== 'unchanged'),
      tools: outcome.tools,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      deleted: count('deleted'),
    };
  }
  const invalid = outcome.tools.length;
  const pruneIssues = outcome.issues.filter((issue) => issue.path.startsWith('prune')).length;
  const message =
    invalid > 0
      ? `${invalid} tool${invalid === 1 ? '' : 's'} of the config ${invalid === 1 ? 'is' : 'are'} invalid; nothing was imported.`
      : pruneIssues > 0
        ? `The prune cannot be done (${pruneIssues} issue${pruneIssues === 1 ? '' : 's'}); nothing was imported.`
        : 'The config could not be read; nothing was imported.';
  return {
    __typename: 'ImportValidationError',
    code: 'VALIDATION_FAILED',
    message,
    issues: outcome.issues.map(importIssue),
    invalidTools: outcome.tools.map(invalidToolConfig),
  };
}

function notFound(name: string) {
  return { __typename: 'ToolNotFound' as const, code: 'TOOL_NOT_FOUND' as const, message: `No tool or validation is named "${name}".`, name };
}

function revisionConflict(conflict: RevisionConflict) {
  const now =
    conflict.current !== null
      ? `is at revision ${conflict.currentRevision}`
      : conflict.currentRevision !== null
        ? `was deleted (its history ends at revision ${conflict.currentRevision})`
        : 'has no tool';
  const expected = conflict.expectedRevision === null ? 'where no tool was expected' : `not revision ${conflict.expectedRevision} as expected`;
  return {
    __typename: 'ToolRevisionConflict' as const,
    code: 'REVISION_CONFLICT' as const,
    message: `"${conflict.name}" ${now}, ${expected}: it changed since it was read; nothing was written.`,
    ...conflict,
  };
}

function forbidden({ namespace, message }: Forbidden) {
  return { __typename: 'NamespaceForbidden' as const, code: 'NAMESPACE_FORBIDDEN' as const, message: message ?? forbiddenMessage(namespace), namespace };
}
