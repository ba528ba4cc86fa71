export { runVerify } from './run';
export { scenarioCatalog, type ScenarioInfo } from './scenarios/select';
export { TargetUnreachableError, VerifyUsageError, type VerifyOptions } from './options';
export { exitCode, nothingChecked, render, renderMarkdown, renderTable, type Format } from './report/render';
export type {
  Behaviour,
  CompareChange,
  Difference,
  Discovery,
  OperationId,
  Outcome,
  Report,
  ScenarioResult,
  ShapeObservation,
  Summary,
  WriteRecord,
  Writes,
} from './report/types';
