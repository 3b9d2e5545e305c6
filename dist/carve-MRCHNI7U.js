import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-WQKRHRNJ.js";
import "./chunk-JE3OAROZ.js";
import "./chunk-LBE5E5OK.js";
import "./chunk-32IEO43M.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-M2VJ6WJO.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-UHCO6OOA.js";
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
