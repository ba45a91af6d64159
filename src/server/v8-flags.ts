/**
 * V8 settings of the server process, set by its first import (./main.ts), before anything is
 * compiled. Both trade a little CPU for the memory a server keeps after it has written
 * (measured over a bulk import, docs/benchmarks.md "Reads and writes over HTTP"):
 * - `--liftoff-only`: Prisma's query compiler is WebAssembly, which V8 would compile a second time
 *   with TurboFan, about 60 MB kept for good after the first write; it plans a few statements per
 *   write, which its baseline (Liftoff) code does as fast as the database answers them.
 * - `--heap-growing-percent=50`: the JavaScript heap may grow to 1.5 times what survived the last
 *   full collection (instead of up to 4 times): a bulk import's garbage is collected as it goes,
 *   not left to raise the heap for good.
 */
import { setFlagsFromString } from 'node:v8';

for (const flag of ['--liftoff-only', '--heap-growing-percent=50']) setFlagsFromString(flag);
