import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-HAUH6C5H.js";
import "./chunk-KSXXKEJZ.js";
import "./chunk-MO6UB4SM.js";
import "./chunk-U3XVNUWF.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-2BEAWW3S.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-AKKTIAPA.js";
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
