import type { ReactNode } from "react";

/** The workspace's lists (the inbox, people, passkeys, the audit trail): a header row of column names, then the rows. */
export function WorkspaceTable({
  columns,
  children,
  className = "mt-8",
}: {
  columns: string[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`${className} overflow-x-auto`}>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
