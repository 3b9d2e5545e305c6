import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-54VYNJNK.js";
import "./chunk-3MLCINTM.js";
import "./chunk-NA7OQBGJ.js";
import "./chunk-KR3374RZ.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-AAQ5S6ZH.js";
import "./chunk-KCVBLJ3Q.js";
import "./chunk-DLY4TSTE.js";
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
