/**
 * Global object identification (`interface Node`): the `id` of a `Tool` or a `ToolRevision` is its
 * type's name and its identity in the registry (`StoredTool.id`, `StoredRevision.id`), `Tool:42`,
 * as base64url (`VG9vbDo0Mg`). The type makes ids unique across types, as Relay asks; the encoding
 * makes them opaque, so that no client builds or parses one, and the registry may change how it
 * finds objects without breaking the ids clients keep.
 */

import { isStoredId } from '../domain/model';

/** The types that implement `Node`, each named as in the schema. */
export const NODE_TYPES = ['Tool', 'ToolRevision'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** What a global id stands for: a type and the registry's identity of an object of it. */
export interface NodeReference {
  type: NodeType;
  id: number;
}

/** `Type:id`, the id written as `globalId` writes it: decimal digits without a leading zero. */
const DECODED = new RegExp(`^(${NODE_TYPES.join('|')}):([1-9][0-9]{0,15})$`);
/** The longest id issued (the longest type name, `:` and 16 digits, in base64url), so that no longer text is decoded at all. */
const MAX_ID_LENGTH = Math.ceil(((Math.max(...NODE_TYPES.map((type) => type.length)) + 17) * 4) / 3);

export function globalId(type: NodeType, id: number): string {
  // A value without its id (a bug) must fail its field, not become an id of nothing.
  if (!isStoredId(id)) throw new Error(`${type} without an id from the store: ${String(id)}`);
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
}

/**
 * The type and identity `id` stands for; null for any text this registry did not issue as an id
 * (malformed, another encoding of the same bytes, a key no store gives), so that each object has
 * exactly one id and a client's cache one entry for it.
 */
export function parseGlobalId(id: string): NodeReference | null {
  if (id.length > MAX_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const match = DECODED.exec(Buffer.from(id, 'base64url').toString('utf8'));
  if (match === null) return null;
  const reference = { type: match[1] as NodeType, id: Number(match[2]) };
  return isStoredId(reference.id) && globalId(reference.type, reference.id) === id ? reference : null;
}
