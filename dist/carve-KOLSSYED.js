import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  carveCommand,
  carveOutput,
  mergeCommand,
  parseBudget,
  refinementText
} from "./chunk-UJJTJZ6G.js";
import "./chunk-IFUFNGMA.js";
import "./chunk-UPTPID75.js";
import "./chunk-32IEO43M.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-XANN3XPV.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-TJFVXMHZ.js";
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
