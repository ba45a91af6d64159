import type { ToolEvent } from '../../domain/events';

/** Tool events on the wire between instances: JSON, with the three instants as ISO strings. */

const VERSION = 1;

export function encodeToolEvent(event: ToolEvent): string {
  return JSON.stringify({ v: VERSION, event });
}

/** The event of a message from `encodeToolEvent`; throws on anything else. */
export function decodeToolEvent(message: string): ToolEvent {
  const parsed = JSON.parse(message) as { v?: unknown; event?: Record<string, unknown> };
  const raw = parsed?.event;
  if (parsed?.v !== VERSION || !raw || typeof raw.name !== 'string' || !['created', 'updated', 'deleted'].includes(raw.kind as string)) {
    throw new Error('not a toolgraph tool event');
  }
  const tool = raw.tool as Record<string, unknown> | null;
  return {
    kind: raw.kind as ToolEvent['kind'],
    name: raw.name,
    occurredAt: new Date(raw.occurredAt as string),
    tool: tool
      ? ({ ...tool, createdAt: new Date(tool.createdAt as string), updatedAt: new Date(tool.updatedAt as string) } as unknown as ToolEvent['tool'])
      : null,
  };
}
