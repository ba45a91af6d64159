#!/usr/bin/env node
'use strict';
// The toolgraph CLI (src/cli/main.ts), run from its TypeScript source under tsx, a dependency:
// a clone needs no build for `npx toolgraph`, and `npm link` gives a command that follows the
// working tree.
require('tsx/cjs');
require('../src/cli/main.ts').runCli();
