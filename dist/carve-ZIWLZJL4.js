import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-P72KYYM5.js";
import "./chunk-L4XJ7WSV.js";
import "./chunk-5IYICMOH.js";
import "./chunk-I6BSPWHH.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-QSAFB6MC.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-IFSBT2VI.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-DC6PFSLV.js";
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
