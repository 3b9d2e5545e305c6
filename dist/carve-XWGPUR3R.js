import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-NJN36V3G.js";
import "./chunk-QFDIIECD.js";
import "./chunk-HLQZSHQU.js";
import "./chunk-DAULXQ4Z.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-KSJNU5VI.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-B2QFNJZ4.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-XDJWBTY5.js";
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
