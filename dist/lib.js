import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  main
} from "./chunk-FJ5Q37VL.js";
import "./chunk-BDIJX6FT.js";
import "./chunk-MTCMBYKF.js";
import {
  compareReports,
  reportAtRevision,
  runGate
} from "./chunk-ZLB4EUBK.js";
import "./chunk-BTQO2XUW.js";
import "./chunk-FABQUP6R.js";
import {
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportSchemaErrors,
  toSarif
} from "./chunk-UO42EXSH.js";
import {
  defaultConfig,
  loadConfigFile,
  parseConfigText
} from "./chunk-D4TS45NY.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-3XBYAIYL.js";
import {
  analyzeModule,
  parsePtx
} from "./chunk-UFIJU2TV.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  KNOWN_ARCHS,
  computeCliffs,
  computeOccupancy,
  getArch,
  occupancyCurve
} from "./chunk-JDTKYLUX.js";
import {
  compileCuda,
  findNvcc,
  parsePtxasLog,
  readCubin
} from "./chunk-64PIBHAB.js";
import "./chunk-R5MDRTYS.js";
import "./chunk-AI7SF5R3.js";
import "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";
export {
  KNOWN_ARCHS,
  VERSION,
  analyzeModule,
  compareReports,
  compileCuda,
  computeCliffs,
  computeOccupancy,
  defaultConfig,
  findNvcc,
  getArch,
  loadConfigFile,
  occupancyCurve,
  parseConfigText,
  parsePtx,
  parsePtxasLog,
  readCubin,
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportAtRevision,
  reportSchemaErrors,
  main as runCli,
  runGate,
  toSarif
};
