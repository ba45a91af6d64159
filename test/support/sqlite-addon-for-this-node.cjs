/**
 * Preloaded (NODE_OPTIONS=--require) into the compiled server when the smoke test runs it on a Node
 * other than the one node_modules was installed with (./other-node.ts): better-sqlite3's native
 * addon in node_modules fits that one's ABI only, so this loads TOOLGRAPH_TEST_SQLITE_ADDON, the
 * same source compiled for the running Node, in its place. Plain JavaScript: the compiled server
 * runs without a transpiler.
 */
const Module = require('node:module');
const { sep } = require('node:path');

const addon = process.env.TOOLGRAPH_TEST_SQLITE_ADDON;
if (!addon) throw new Error('TOOLGRAPH_TEST_SQLITE_ADDON names no addon to load');
const loadNative = Module._extensions['.node'];
Module._extensions['.node'] = (module, filename) => loadNative(module, filename.endsWith(`${sep}better_sqlite3.node`) ? addon : filename);
