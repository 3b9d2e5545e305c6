import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-H3442OKG.js";
import "./chunk-NXA2DRBG.js";
import "./chunk-UOO6MB35.js";
import "./chunk-32IEO43M.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-6TKEBWYA.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-TJFVXMHZ.js";
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
