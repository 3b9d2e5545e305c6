import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-QMUHOUGB.js";
import "./chunk-FSMI36VF.js";
import "./chunk-24MSLUZE.js";
import "./chunk-32IEO43M.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-JRJJ7MXR.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-4LJUVJYL.js";
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
