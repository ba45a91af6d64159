import { GraphQLError } from 'graphql';
import type { ToolOrder, ToolPosition } from '../domain/ports';
import { isToolName } from '../domain/validation';
import { isStorableInstant, MAX_STORED_INTEGER } from '../domain/model';

/**
 * Keyset cursors of `tools`: opaque base64url text that carries the ordering it was issued for and
 * the sort key of one tool. Clients must not build them; a cursor this server did not issue, or one
 * issued for another ordering, is the client's error (`BAD_USER_INPUT`).
 *
 * - name ascending (the default): `tool:<name>` (unchanged since the first API version);
 * - any other ordering: `tool@<field>-<direction>:<key>`, where the key of an updatedAt ordering
 *   is `<ISO instant>|<name>`. Names never contain `:` or `|`.
 */
const PREFIX = 'tool';

const orderTag = (order: ToolOrder) => `${order.field}-${order.direction}`;
const isDefault = (order: ToolOrder) => order.field === 'name' && order.direction === 'asc';

export function encodeToolCursor(order: ToolOrder, tool: { name: string; updatedAt: Date }): string {
  const key = order.field === 'updatedAt' ? `${tool.updatedAt.toISOString()}|${tool.name}` : tool.name;
  const text = isDefault(order) ? `${PREFIX}:${key}` : `${PREFIX}@${orderTag(order)}:${key}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

function badCursor(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', argumentName: 'after' } });
}

/** The position a cursor points at in `order`; throws a `BAD_USER_INPUT` GraphQLError otherwise. */
export function decodeToolCursor(cursor: string, order: ToolOrder): ToolPosition {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^tool(?:@([a-zA-Z]+-(?:asc|desc)))?:(.+)$/s.exec(decoded);
  const tag = match?.[1] ?? (match ? 'name-asc' : undefined);
  let position: ToolPosition | undefined;
  if (match && tag) {
    const [field] = tag.split('-');
    if (field === 'name') position = { name: match[2]! };
    if (field === 'updatedAt') {
      const bar = match[2]!.indexOf('|');
      const updatedAt = new Date(match[2]!.slice(0, bar));
      if (bar > 0 && isStorableInstant(updatedAt)) position = { name: match[2]!.slice(bar + 1), updatedAt };
    }
    const issuedFor = { field, direction: tag.split('-')[1] } as ToolOrder;
    // Base64url decoding is lenient; only a cursor that re-encodes to itself is one we issued.
    if (
      !position ||
      !isToolName(position.name) ||
      encodeToolCursor(issuedFor, { name: position.name, updatedAt: position.updatedAt ?? new Date(0) }) !== cursor
    ) {
      position = undefined;
    } else if (tag !== orderTag(order)) {
      throw badCursor(`\`after\` is a cursor of another ordering (${issuedFor.field} ${issuedFor.direction}); use the cursors of the ordering you ask for.`);
    }
  }
  if (!position) throw badCursor('`after` is not a cursor returned by this API.');
  return position;
}

/** Cursors of `Tool.history`: `revision:<number>`, the revision it points at. */
export function encodeRevisionCursor(revision: number): string {
  return Buffer.from(`revision:${revision}`, 'utf8').toString('base64url');
}

/** The revision number a history cursor points at; throws a `BAD_USER_INPUT` GraphQLError otherwise. */
export function decodeRevisionCursor(cursor: string): number {
  const match = /^revision:([1-9][0-9]{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const revision = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(revision) || encodeRevisionCursor(revision) !== cursor) throw badCursor('`after` is not a cursor returned by this API.');
  return revision;
}

/** Cursors of the change log (`changes`, `ToolEvent.cursor`, SSE `id`): `change:<position>`; position 0 is the start. */
export function encodeChangeCursor(position: number): string {
  return Buffer.from(`change:${position}`, 'utf8').toString('base64url');
}

/** The change-log position a change cursor points at; throws a `BAD_USER_INPUT` GraphQLError naming `argumentName` otherwise. */
export function decodeChangeCursor(cursor: string, argumentName = 'after'): number {
  const match = /^change:(0|[1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const position = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(position) || position > MAX_STORED_INTEGER || encodeChangeCursor(position) !== cursor) {
    throw new GraphQLError(`\`${argumentName}\` is not a cursor of this registry's changes.`, { extensions: { code: 'BAD_USER_INPUT', argumentName } });
  }
  return position;
}

/** A well-formed change cursor (in `argumentName`) of a change this registry does not have: the client's to mend. */
export function unknownChangeCursor(argumentName: string): GraphQLError {
  return new GraphQLError(
    `\`${argumentName}\` is a cursor of a change this registry does not have (another registry's, or one from before a restore): read \`changes\` from the start.`,
    { extensions: { code: 'BAD_USER_INPUT', argumentName } },
  );
}
