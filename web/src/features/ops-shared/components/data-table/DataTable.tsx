import type { ReactNode } from 'react';
import './DataTable.css';

export interface Column<Row> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures align right. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** Read by screen readers: what the rows are. */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  testId?: string;
}

/** A list of records in columns; scrolls sideways on a narrow screen rather than squeezing the cells. */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty, testId }: DataTableProps<Row>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className="data-table" data-testid={testId}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'data-table__num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'data-table__num' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
