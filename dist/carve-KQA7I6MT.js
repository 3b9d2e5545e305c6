import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-KEGYYKRB.js";
import "./chunk-AXHVU2YW.js";
import "./chunk-N4FUMJL3.js";
import "./chunk-U3XVNUWF.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-N2ILYQH7.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-NBIJKBWO.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-3MAI2Q6I.js";
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
