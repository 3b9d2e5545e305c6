import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-TX5QC5QZ.js";
import "./chunk-MZY6RAHR.js";
import "./chunk-HAMUM63O.js";
import "./chunk-I6BSPWHH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-7YIXDYU6.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-I24VZMY5.js";
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
