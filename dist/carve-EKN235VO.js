import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-RH5542QD.js";
import "./chunk-DK4CRAFX.js";
import "./chunk-FHXCBTIR.js";
import "./chunk-I6BSPWHH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-3MCUKCHF.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-IMS7RHYP.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-2DIWL3II.js";
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
