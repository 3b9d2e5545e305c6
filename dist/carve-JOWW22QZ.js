import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-K6SKU6MH.js";
import "./chunk-D2FG66K6.js";
import "./chunk-XMS2JM3J.js";
import "./chunk-PK3V7TNH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-4VML6IKY.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-R2KKLWNE.js";
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
