import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-JBWM6PX6.js";
import "./chunk-ZRCNUPVK.js";
import "./chunk-G5RGMCLL.js";
import "./chunk-KR3374RZ.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-XBYK6BK3.js";
import "./chunk-KCVBLJ3Q.js";
import "./chunk-C3FCZQOJ.js";
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
