/** Each figure beside its target, with ok or MISS: what a reader of a bench result looks at first. */
import type { Row } from './report.ts';

export interface Target {
  figure: string;
  value: number;
  unit: string;
  /** `max`: the figure must stay at or under the target; `min`: at or over it. */
  limit: 'max' | 'min';
  target: number;
}

export function meets(target: Target): boolean {
  if (!Number.isFinite(target.value)) return false;
  return target.limit === 'max' ? target.value <= target.target : target.value >= target.target;
}

export function targetRows(targets: readonly Target[]): Row[] {
  return targets.map((target) => [
    target.figure,
    `${target.value} ${target.unit} · target ${target.limit === 'max' ? '≤' : '≥'} ${target.target} ${target.unit} · ${meets(target) ? 'ok' : 'MISS'}`,
  ]);
}
