import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-BTEVO2PK.js";
import "./chunk-C6QUUMLW.js";
import "./chunk-23HBWM5B.js";
import "./chunk-32IEO43M.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-6GPSSTXP.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-3S64I5K4.js";
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
