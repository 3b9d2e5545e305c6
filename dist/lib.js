import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  main
} from "./chunk-TILEYPSP.js";
import "./chunk-BDIJX6FT.js";
import {
  compareReports,
  reportAtRevision,
  runGate
} from "./chunk-7VN4FPTK.js";
import "./chunk-BTQO2XUW.js";
import "./chunk-LNSGAA3X.js";
import {
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportSchemaErrors,
  toSarif
} from "./chunk-E2VVMLC2.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-AJTBZJZX.js";
import {
  defaultConfig,
  loadConfigFile,
  parseConfigText
} from "./chunk-R76UTKDM.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-MTCMBYKF.js";
import {
  analyzeModule,
  parsePtx
} from "./chunk-4T7LV3PM.js";
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
} from "./chunk-AV3RR6WT.js";
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
