// The shapes of the generated data files (format: src/generated/METADATA.md), checked when a file
// is loaded rather than assumed with a cast: each table's column kinds are listed once, and the
// compiler holds each list equal to the named tuple type the decoder reads (registry-data.ts).
import type { GroupedTable, JdmTuple, PlantTuple, SourcedTable, WmiTuple } from './registry-data.js';

/** A column's kind. */
type Kind = 'text' | 'number';
type Value<K extends Kind> = K extends 'text' ? string : number;
/** The tuple a list of column kinds describes. */
export type TupleOf<C extends readonly Kind[]> = { readonly [I in keyof C]: Value<C[I]> };

/** A generated table that is not what codegen writes; loadGeneratedData adds the file's name. */
export class ShapeError extends Error {}

export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isText = (v: unknown): v is string => typeof v === 'string';
export const isListOf = <T>(v: unknown, item: (x: unknown) => x is T): v is readonly T[] => Array.isArray(v) && v.every(item);

/** An object (not a list) whose every value passes `item`. */
export function isRecordOf<T>(value: unknown, item: (x: unknown) => x is T): value is Readonly<Record<string, T>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const v of Object.values(value)) if (!item(v)) return false;
  return true;
}

const hasKind = (value: unknown, kind: Kind): boolean => (kind === 'text' ? typeof value === 'string' : isNumber(value));

function checkSources(value: Record<string, unknown>): readonly string[] {
  const { sources } = value;
  if (!isListOf(sources, isText)) throw new ShapeError('sources is not a list of texts');
  return sources;
}

/** Checks a tuple's columns; the last column of every table is an index into `sources`. */
export function checkRow<C extends readonly Kind[]>(row: unknown, columns: C, sourceCount: number, rowNumber: number): asserts row is TupleOf<C> {
  if (!Array.isArray(row) || row.length !== columns.length) throw new ShapeError(`row ${rowNumber} is not a row of ${columns.length} columns`);
  for (let i = 0; i < columns.length; i++) {
    if (!hasKind(row[i], columns[i]!)) throw new ShapeError(`row ${rowNumber} column ${i + 1} is ${JSON.stringify(row[i])?.slice(0, 40)}, not a ${columns[i]}`);
  }
  const source = row[columns.length - 1];
  if (!Number.isInteger(source) || source < 0 || source >= sourceCount) throw new ShapeError(`row ${rowNumber} names source ${source}, and there are ${sourceCount}`);
}

/** A check for a `{sources, rows}` table whose rows have these column kinds. */
function sourcedTable<C extends readonly Kind[]>(columns: C) {
  return (value: Record<string, unknown>): SourcedTable<TupleOf<C>> => {
    const sources = checkSources(value);
    const { rows } = value;
    if (!Array.isArray(rows)) throw new ShapeError('rows is not a list');
    rows.forEach((row: unknown, i) => checkRow(row, columns, sources.length, i + 1));
    return { sources, rows };
  };
}

export const WMI_COLUMNS = ['text', 'text', 'text', 'text', 'text', 'number'] as const;
export const PLANT_COLUMNS = ['text', 'text', 'number', 'number', 'text', 'text', 'text', 'text', 'text', 'number'] as const;
export const JDM_COLUMNS = ['text', 'number', 'text', 'text', 'text', 'number', 'number', 'text', 'text', 'text', 'number'] as const;

// The column lists and the named tuple types must say the same: the compiler holds each pair equal.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(): T | undefined => undefined;
agree<Same<TupleOf<typeof WMI_COLUMNS>, WmiTuple>>();
agree<Same<TupleOf<typeof PLANT_COLUMNS>, PlantTuple>>();
agree<Same<TupleOf<typeof JDM_COLUMNS>, JdmTuple>>();

export const WMI_TABLE: (value: Record<string, unknown>) => SourcedTable<WmiTuple> = sourcedTable(WMI_COLUMNS);
export const JDM_TABLE: (value: Record<string, unknown>) => SourcedTable<JdmTuple> = sourcedTable(JDM_COLUMNS);

/**
 * Plants grouped per WMI: each group is checked to be text here, and its rows when the WMI is
 * first decoded (decodePlantGroup), so start-up does not split forty thousand rows it may not use.
 */
export function PLANT_GROUPS(value: Record<string, unknown>): GroupedTable<PlantTuple> {
  const sources = checkSources(value);
  const { groups } = value;
  if (!isRecordOf(groups, isText)) throw new ShapeError('groups is not an object of texts');
  return { sources, groups };
}
