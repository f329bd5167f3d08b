import type { ComponentChildren } from 'preact';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ComponentChildren;
}

export interface TableProps<T> {
  id: string;
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}

/** A data table with a caption and column headers; it scrolls sideways on narrow screens. */
export function Table<T>({ id, caption, columns, rows, rowKey }: TableProps<T>) {
  return (
    <div class="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table class="striped">
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key}>{c.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
