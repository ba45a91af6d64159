/**
 * Python's `str.isidentifier()` and `keyword.kwlist`, for resource slot names (spec section 2).
 * Soft keywords (`match`, `case`, `type`, `_`) are valid identifiers in Python and allowed here.
 */

/** `keyword.kwlist` of Python 3.12. */
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

/** The lexical rule of `str.isidentifier()`: an XID_Start character or '_', then XID_Continue characters. */
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

export function isPythonIdentifier(value: string): boolean {
  return IDENTIFIER.test(value);
}
