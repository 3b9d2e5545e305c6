import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-TKN3C3WG.js";
import "./chunk-KIZC666Q.js";
import "./chunk-YW4AOSBG.js";
import "./chunk-PK3V7TNH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-WXBKNOP2.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-XFX2IKYD.js";
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
