import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-6J4HNMVI.js";
import "./chunk-UW5G2M3B.js";
import "./chunk-L72ECZE4.js";
import "./chunk-I6BSPWHH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-GUZASJKG.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-F42VFHBB.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-F7HBHRGG.js";
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
