import { readSafetyDowngrades } from '../../domain/safety';
import { TOOL_EVENT_KINDS, type ToolEvent } from '../../domain/events';
import { isStoredId } from '../../domain/model';

/**
 * Messages between instances on the Redis channel, JSON with instants as ISO strings. One message
 * carries the events of one committed write, in order. `gapSince` says that the sender could not
 * deliver some events, the first of them at that instant (Redis was unreachable or too slow):
 * whoever subscribed before it has missed changes and must re-read.
 */

/** 6: each tool carries its id (`StoredTool.id`), which `Tool.id` is made of. */
const VERSION = 6;

export interface EventMessage {
  gapSince: Date | null;
  events: ToolEvent[];
}

export function encodeEventMessage(message: EventMessage): string {
  return JSON.stringify({ v: VERSION, gapSince: message.gapSince?.toISOString() ?? null, events: message.events });
}

/** The message of `encodeEventMessage`; throws on anything else. */
export function decodeEventMessage(text: string): EventMessage {
  const parsed = JSON.parse(text) as { v?: unknown; gapSince?: unknown; events?: unknown };
  const gapSince = typeof parsed?.gapSince === 'string' ? new Date(parsed.gapSince) : null;
  if (parsed?.v !== VERSION || (gapSince === null && parsed.gapSince !== null) || Number.isNaN(gapSince?.getTime()) || !Array.isArray(parsed.events)) {
    throw new Error('not a toolgraph event message');
  }
  return { gapSince, events: parsed.events.map(decodeToolEvent) };
}

function decodeToolEvent(value: unknown): ToolEvent {
  const raw = value as Record<string, unknown> | null;
  const safetyDowngrades = readSafetyDowngrades(raw?.safetyDowngrades);
  if (
    !raw ||
    !Number.isSafeInteger(raw.position) ||
    typeof raw.name !== 'string' ||
    typeof raw.actor !== 'string' ||
    !(TOOL_EVENT_KINDS as readonly unknown[]).includes(raw.kind) ||
    typeof raw.revision !== 'number' ||
    typeof raw.contentHash !== 'string' ||
    (raw.renamedFrom !== null && typeof raw.renamedFrom !== 'string') ||
    safetyDowngrades === null ||
    (raw.tool != null && !isStoredId((raw.tool as { id?: unknown }).id))
  ) {
    throw new Error('not a toolgraph tool event');
  }
  const tool = raw.tool as Record<string, unknown> | null;
  return {
    position: raw.position as number,
    kind: raw.kind as ToolEvent['kind'],
    name: raw.name,
    actor: raw.actor,
    revision: raw.revision,
    contentHash: raw.contentHash,
    renamedFrom: raw.renamedFrom,
    safetyDowngrades,
    occurredAt: new Date(raw.occurredAt as string),
    tool: tool ? (decodedTool(tool) as unknown as ToolEvent['tool']) : null,
  };
}

/** A StoredTool as JSON made it: its instants back to Dates. */
function decodedTool(tool: Record<string, unknown>): Record<string, unknown> {
  const deprecation = tool.deprecation as Record<string, unknown> | null;
  return {
    ...tool,
    createdAt: new Date(tool.createdAt as string),
    updatedAt: new Date(tool.updatedAt as string),
    deprecation: deprecation ? { ...deprecation, deprecatedAt: new Date(deprecation.deprecatedAt as string) } : null,
  };
}
