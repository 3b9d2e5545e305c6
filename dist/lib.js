import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  main
} from "./chunk-G5SUIHOG.js";
import "./chunk-BDIJX6FT.js";
import {
  compareReports,
  reportAtRevision,
  runGate
} from "./chunk-ZYYWAAQ6.js";
import "./chunk-BTQO2XUW.js";
import "./chunk-ZYC3KKAW.js";
import {
  renderComment,
  renderHtmlReport,
  renderMarkdownReport,
  renderSummary,
  reportSchemaErrors,
  toSarif
} from "./chunk-E2VVMLC2.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-SGDZVFJO.js";
import {
  defaultConfig,
  loadConfigFile,
  parseConfigText
} from "./chunk-QDQCTLHS.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-MTCMBYKF.js";
import {
  analyzeModule,
  parsePtx
} from "./chunk-LX4TWSEU.js";
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
