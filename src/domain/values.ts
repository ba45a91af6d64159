/** Small helpers for checking loosely typed input and echoing it in messages. */
import type { JsonObject, JsonValue } from './model';

/** A plain object (object literal, parsed JSON/YAML mapping, or GraphQL input object), not an array or class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // Compared structurally, not with `Object.prototype`: values may come from another realm (vm, structuredClone under Jest).
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Null and absent mean the same for optional fields. */
export function isAbsent(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/**
 * Why a text cannot be stored as it is, or null. Text is Unicode: a lone surrogate is not a
 * character (PostgreSQL cannot store it and JSON cannot carry it faithfully), and U+0000 ends a
 * string in PostgreSQL; both databases must hold exactly what was written, so both are refused.
 */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters (U+0000).';
  if (!text.isWellFormed()) return 'Text must be well-formed Unicode (it holds a lone surrogate).';
  return null;
}

/** Whether `text` has more than `max` characters (code points), counted without copying it. */
export function longerThan(text: string, max: number): boolean {
  // A code point is one or two UTF-16 units: most texts are judged by their length alone.
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count > max;
}

const MAX_ECHO = 60;

/** Shortens text that a message echoes, so a huge input never makes a huge message. */
export function truncate(text: string, max = MAX_ECHO): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A short rendering of any input value for a message: `"abc"`, `42`, `a list`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(truncate(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  if (isPlainObject(value)) return 'an object';
  return `a ${typeof value}`;
}

/** Sets an own enumerable property, even one named `__proto__` (plain assignment would change the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Deep equality of JSON-like values (plain objects, arrays, primitives), key order ignored. Unlike
 * `isDeepStrictEqual` it ignores prototypes, so values from another realm (structuredClone under
 * Jest) compare equal to their twins.
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJsonValue(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJsonValue(a[key], b[key]));
}

/**
 * A copy of a JSON value with every object's keys sorted, so a schema prints the same whichever
 * store held it (PostgreSQL's jsonb does not keep key order).
 */
export function sortKeys<T extends JsonValue>(value: T): T;
export function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) setOwn(sorted, key, sortKeys(value[key] as JsonValue));
  return sorted;
}
