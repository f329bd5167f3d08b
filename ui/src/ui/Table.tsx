import type { ComponentChildren } from 'preact';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ComponentChildren;
  /** Amounts and counts: kept on one line, aligned right with figures of one width (desktop). */
  numeric?: boolean;
}

export interface TableProps<T> {
  id: string;
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}

/**
 * A data table with a caption and column headers; it scrolls sideways on narrow screens, and in
 * the dashboard's shell becomes one card per row on phones (each value under its column's name,
 * data-label; the roles keep it a table for assistive technology when its display changes).
 */
export function Table<T>({ id, caption, columns, rows, rowKey }: TableProps<T>) {
  return (
    <div class="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table class="striped" role="table">
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.key} scope="col" role="columnheader" class={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" role="rowheader" data-label={c.header}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} role="cell" data-label={c.header} class={c.numeric ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
