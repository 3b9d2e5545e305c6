import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-PESE3RL7.js";
import "./chunk-HS2OACWP.js";
import "./chunk-EKEY3JH5.js";
import "./chunk-U3XVNUWF.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-WAODPYKI.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-7O4BU7FP.js";
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
