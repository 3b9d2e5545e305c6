import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-QN7QTJAI.js";
import "./chunk-P4HEUU7X.js";
import "./chunk-CM4W4QI2.js";
import "./chunk-PK3V7TNH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-KLEC4WBS.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-H6FLWYEH.js";
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
