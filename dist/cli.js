#!/usr/bin/env node
import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  main
} from "./chunk-G5SUIHOG.js";
import "./chunk-BDIJX6FT.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/bin.ts
var exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
  ownsProcess: true
});
process.exitCode = exitCode;
