import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-Y37FCAPA.js";
import "./chunk-JGWVAXTX.js";
import "./chunk-BKMUDYNS.js";
import "./chunk-SCASRRGA.js";
import "./chunk-NGEJW2PL.js";
import "./chunk-CB6AO62C.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-7DHNMOTF.js";
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
