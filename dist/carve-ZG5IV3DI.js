import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-KDTKMC4Z.js";
import "./chunk-WH66ON47.js";
import "./chunk-JFQHYTEL.js";
import "./chunk-PK3V7TNH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-YM7LV6MB.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-XUC2LMZ5.js";
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
