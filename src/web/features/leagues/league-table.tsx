import type { ReactNode } from 'react';

/** A column of a LeagueTable: its head, and whether it holds numbers (set right). */
export type LeagueColumn = { head: ReactNode; numeric?: boolean };

type LeagueTableProps = {
  /** Read by screen readers only. */
  caption?: string;
  columns: readonly LeagueColumn[];
  /** The rows. */
  children: ReactNode;
};

/** The leagues' tables (standings, the admins' leagues per year): a card that scrolls sideways, small-caps heads. */
export function LeagueTable({ caption, columns, children }: LeagueTableProps) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        {caption !== undefined && <caption className="sr-only">{caption}</caption>}
        <thead className="text-xs tracking-wide text-slate-600 uppercase dark:text-slate-300">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.numeric === true ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
                {column.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
