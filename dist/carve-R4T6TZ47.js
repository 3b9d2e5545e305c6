import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-TAHDPRPF.js";
import "./chunk-BGBHVK2M.js";
import "./chunk-HQ6YMNJK.js";
import "./chunk-U3XVNUWF.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-NACKCPVD.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-IYHCNO7C.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-AV3RR6WT.js";
import "./chunk-R5MDRTYS.js";
import "./chunk-AI7SF5R3.js";
import "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";
export {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
};
