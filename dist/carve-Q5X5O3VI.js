import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-BPNFCBFD.js";
import "./chunk-FMDF36FW.js";
import "./chunk-ZYC3KKAW.js";
import "./chunk-E2VVMLC2.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-QDQCTLHS.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-LX4TWSEU.js";
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
