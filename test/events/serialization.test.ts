/**
 * The messages instances exchange through Redis: every event kind, and a tool with every instant
 * (a deprecation's too), come back equal to what was sent; anything else is refused.
 */
import { TOOL_EVENT_KINDS, type ToolEvent } from '../../src/domain/events';
import { decodeEventMessage, encodeEventMessage } from '../../src/server/events/serialization';
import { fullTool, stored } from '../support/fixtures';

describe('event messages', () => {
  const deprecatedTool = {
    ...stored(fullTool('devops/docker-build'), new Date('2026-01-02T03:04:05.006Z'), new Date('2026-02-03T04:05:06.007Z')),
    deprecation: { message: 'Use devops/build.', replacedBy: 'devops/build', deprecatedAt: new Date('2026-03-04T05:06:07.008Z'), deprecatedBy: 'team-a' },
  };
  const events: ToolEvent[] = TOOL_EVENT_KINDS.map((kind, i) => ({
    position: 10 + i,
    kind,
    name: 'devops/docker-build',
    tool: kind === 'deleted' ? null : deprecatedTool,
    occurredAt: new Date(Date.UTC(2026, 5, 1, 0, 0, i)),
    actor: 'tester',
    revision: i + 1,
    contentHash: deprecatedTool.contentHash,
    renamedFrom: kind === 'renamed' ? 'devops/docker-build-old' : null,
    safetyDowngrades:
      kind === 'updated'
        ? [
            { kind: 'unsafe_off' as const, sideEffect: null },
            { kind: 'side_effect_removed' as const, sideEffect: 'network' },
          ]
        : [],
  }));

  it('round-trips every kind of event, with the instants of the tool and of its deprecation as Dates', () => {
    const gapSince = new Date('2026-06-01T00:00:00.000Z');
    expect(decodeEventMessage(encodeEventMessage({ gapSince, events }))).toEqual({ gapSince, events });
    expect(decodeEventMessage(encodeEventMessage({ gapSince: null, events: [] }))).toEqual({ gapSince: null, events: [] });
  });

  it.each([
    ['an unknown kind', { kind: 'moved' }],
    ['a renamedFrom that is not a name', { renamedFrom: 42 }],
    ['no revision', { revision: undefined }],
    ['no content hash', { contentHash: 7 }],
    ['a safety downgrade of no known kind', { safetyDowngrades: [{ kind: 'gone', sideEffect: null }] }],
    ['safety downgrades that are not a list', { safetyDowngrades: 'unsafe_off' }],
    ['a tool without its id', { tool: { ...deprecatedTool, id: undefined } }],
  ])('refuses an event with %s', (_label, change) => {
    const text = encodeEventMessage({ gapSince: null, events: [{ ...events[0]!, ...change } as ToolEvent] });
    expect(() => decodeEventMessage(text)).toThrow('not a toolgraph tool event');
  });

  it('refuses a message of another version, or no message at all', () => {
    // 5: the version before tools carried their ids.
    expect(() => decodeEventMessage(JSON.stringify({ v: 5, gapSince: null, events: [] }))).toThrow('not a toolgraph event message');
    expect(() => decodeEventMessage('"hello"')).toThrow();
    // An event without its place in the change log cannot be ordered: refused, not delivered.
    const [event] = JSON.parse(encodeEventMessage({ gapSince: null, events: events.slice(0, 1) })).events;
    for (const position of [undefined, '1', 1.5, -Infinity]) {
      expect(() => decodeEventMessage(JSON.stringify({ v: 6, gapSince: null, events: [{ ...event, position }] }))).toThrow('not a toolgraph tool event');
    }
  });
});
