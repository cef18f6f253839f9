// What the embedded database's thread and this side exchange: the part of PGlite's API our callers use.

export type Parsers = Record<number, (value: string, typeId: number) => unknown>;
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Parsers;
}
export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
/** What a transaction callback gets (the subset of PGlite's Transaction our callers use). */
export interface RemoteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  closed: boolean;
}

/** Only identity parsers can cross the thread: they are sent as "leave these type oids as text". */
export function rawOids(parsers: Parsers | undefined): number[] {
  return Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse('1970-01-01', Number(oid)) !== '1970-01-01')
      throw new Error('Only identity parsers are supported by the embedded database thread');
    return Number(oid);
  });
}
