import { readFileSync } from 'node:fs';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

/**
 * Loads Prisma's schema engine compiled to WebAssembly (no download, no native binary).
 * The package entry imports the `.wasm` file as an ES module, which Node cannot do, so the
 * wasm-bindgen glue is loaded alone and the WebAssembly module is instantiated here.
 * See shared/notes/prisma-offline.md.
 */

type Glue = Record<string, unknown> & {
  SchemaEngine: typeof SchemaEngine;
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let loaded: Glue | undefined;

/**
 * Evaluates the wasm-bindgen glue (`schema_engine_bg.js`) as a function body. The glue is an ES
 * module whose only module syntax is `export function` / `export class` (no imports); loading it
 * this way works the same under plain Node and under module registries that cannot load ES
 * modules (Jest's, which also intercepts `require(esm)` and `createRequire`).
 */
function evaluateGlue(path: string): Glue {
  const source = readFileSync(path, 'utf8');
  const names: string[] = [];
  const body = source.replace(/^export (function|class) ([A-Za-z_$][\w$]*)/gm, (_match, kind: string, name: string) => {
    names.push(name);
    return `${kind} ${name}`;
  });
  if (/^\s*(export|import)\b/m.test(body)) {
    throw new Error(`${path}: unexpected module syntax; the schema engine loader needs updating`);
  }
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const evaluate = new Function(`'use strict';\n${body}\nreturn { ${names.join(', ')} };`) as () => Glue;
  return evaluate();
}

function loadGlue(): Glue {
  if (loaded) return loaded;
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = evaluateGlue(gluePath);
  const module = new WebAssembly.Module(readFileSync(gluePath.replace(/\.js$/, '.wasm')));
  const imports: Record<string, unknown> = { ...glue };
  // The engine arms timers (e.g. its 10 s migration-lock timeout) and never clears them; unref
  // them so that a finished command does not keep the process alive.
  for (const key of Object.keys(imports)) {
    if (key.startsWith('__wbg_setTimeout_')) {
      imports[key] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
    }
  }
  const instance = new WebAssembly.Instance(module, {
    './schema_engine_bg.js': imports as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  loaded = glue;
  return glue;
}

export type { SchemaEngine };

/** The schema files an engine works on: `[path, content]` pairs. */
export interface SchemaFile {
  path: string;
  content: string;
}

/**
 * A schema engine bound to one database through a driver adapter factory (the database is only
 * touched by commands that need it, e.g. `applyMigrations`; `diff` between schemas needs none).
 */
export async function openSchemaEngine(
  schema: SchemaFile,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: (message: string) => void = () => undefined,
): Promise<SchemaEngine> {
  const glue = loadGlue();
  return glue.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    (message: string) => log(message),
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
