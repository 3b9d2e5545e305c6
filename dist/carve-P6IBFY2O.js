import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-6ZJSM4IM.js";
import "./chunk-UHNNJGHE.js";
import "./chunk-LNSGAA3X.js";
import "./chunk-E2VVMLC2.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-R76UTKDM.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-4T7LV3PM.js";
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
