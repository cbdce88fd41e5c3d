// What a usage report is, shared by the report (report.ts) and its drawings (render.ts).
import type { Key } from './keys.ts';

type Rec = Record<string, any>;

/** The sums of one row of the report: tokens and micro-dollars are integers. */
export interface Sums {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
  costMicros: number;
  runs: number;
  turns: number;
}

export interface Report {
  keys: Key[];
  rows: Rec[];
  total: Sums;
  from?: string;
  to?: string;
}
