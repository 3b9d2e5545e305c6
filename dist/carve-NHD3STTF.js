import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-PBQTFLAG.js";
import "./chunk-CL2XJG7R.js";
import "./chunk-Q2IOBNCM.js";
import "./chunk-I6BSPWHH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-IB2UXRFI.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-OVTHUJG6.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-NDHWHUGR.js";
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
