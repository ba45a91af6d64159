import { forbiddenMessage } from '../domain/access';
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
import type { ResolversTypes, ResolversUnionTypes } from './generated/resolvers-types';

type Union<Name extends keyof ResolversUnionTypes<ResolversTypes>> = ResolversUnionTypes<ResolversTypes>[Name];

/**
 * The registry's outcomes as members of the mutations' result unions, each with its `__typename`
 * and a message for people. No decisions here: the domain made them.
 */

/** `subject`: what the issues of an invalid outcome are about: a tool's definition, its deprecation, or a restore or a rename of it. */
export function toolResult(outcome: WriteOutcome, subject: 'tool' | 'deprecation' | 'restore' | 'rename' = 'tool'): Union<'ToolResult'> {
  switch (outcome.kind) {
    case 'ok':
      return { __typename: 'Tool', ...outcome.tool };
    case 'invalid': {
      const rules = `${outcome.issues.length} rule${outcome.issues.length === 1 ? '' : 's'}`;
      return {
        __typename: 'ToolValidationError',
        message:
          subject === 'tool' ? `The tool breaks ${rules} of the tool model; nothing was written.` : `The ${subject} breaks ${rules}; nothing was written.`,
        issues: outcome.issues,
      };
    }
    case 'nameTaken':
      return {
        __typename: 'ToolNameTaken',
        message: outcome.reservedFor === undefined ? nameTakenMessage(outcome.name) : reservedNameMessage(outcome.name, outcome.reservedFor),
        name: outcome.name,
      };
    case 'notFound':
      return notFound(outcome.name);
    case 'revisionConflict':
      return revisionConflict(outcome);
    case 'forbidden':
      return forbidden(outcome);
  }
}

export function deleteResult(outcome: DeleteOutcome): Union<'DeleteToolResult'> {
  switch (outcome.kind) {
    case 'deleted':
      return { __typename: 'DeletedTool', name: outcome.tool.name, tool: outcome.tool };
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
      return { __typename: 'PurgedTool', name: outcome.name, revisions: outcome.revisions, freedNames: outcome.freedNames };
    case 'notFound':
      return { __typename: 'ToolNotFound', message: `No tool or validation named "${outcome.name}" has a history.`, name: outcome.name };
    case 'notDeleted':
      return { __typename: 'ToolNotDeleted', message: `"${outcome.name}" still exists; delete it first, then purge its history.`, name: outcome.name };
    case 'forbidden':
      return { __typename: 'Forbidden', message: 'Purging a history for good needs the admin role.', namespace: outcome.namespace };
    case 'wrapped':
      return toolIsWrapped(outcome, 'its name stays while they name it; delete or change those validations first');
  }
}

function toolIsWrapped({ name, wrappedBy }: { name: string; wrappedBy: StoredTool[] }, what: string) {
  return { __typename: 'ToolIsWrapped' as const, message: `"${name}" is wrapped by ${wrappedBy.map((t) => t.name).join(', ')}; ${what}.`, name, wrappedBy };
}

export function importResult(outcome: ImportOutcome): Union<'ImportToolsResult'> {
  if (outcome.kind === 'revisionConflict') return revisionConflict(outcome);
  if (outcome.kind === 'ok') {
    const count = (change: string) => outcome.tools.filter((t) => t.change === change).length;
    return {
      __typename: 'ImportedTools',
      dryRun: outcome.dryRun,
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
  return { __typename: 'ImportValidationError', message, issues: outcome.issues, invalidTools: outcome.tools };
}

function notFound(name: string): Extract<Union<'ToolResult'>, { __typename: 'ToolNotFound' }> {
  return { __typename: 'ToolNotFound', message: `No tool or validation is named "${name}".`, name };
}

function revisionConflict(conflict: RevisionConflict) {
  const now =
    conflict.current !== null
      ? `is at revision ${conflict.currentRevision}`
      : conflict.currentRevision !== null
        ? `was deleted (its history ends at revision ${conflict.currentRevision})`
        : 'has no tool';
  const expected = conflict.expectedRevision === null ? 'no tool' : `revision ${conflict.expectedRevision}`;
  return {
    __typename: 'ToolRevisionConflict' as const,
    message: `"${conflict.name}" ${now}, not ${expected} as expected: it changed since it was read; nothing was written.`,
    ...conflict,
  };
}

function forbidden({ namespace, message }: Forbidden) {
  return { __typename: 'Forbidden' as const, message: message ?? forbiddenMessage(namespace), namespace };
}
