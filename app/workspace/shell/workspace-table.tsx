import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * The workspace's lists (the inbox, people, passkeys, the audit trail): a header row of column
 * names, then the rows. Under 640 px each row is a card, each cell on its own line under its
 * column's name (app.css, .workspace-table): the name comes from `data-label`, put on every row's
 * cells here so that no page has to repeat its columns.
 */
export function WorkspaceTable({
  columns,
  children,
  className = "mt-8",
  numericFrom,
  stacked = true,
}: {
  columns: string[];
  children: ReactNode;
  className?: string;
  /** The columns from this one on hold numbers: their names sit right, over the figures. */
  numericFrom?: number;
  /** Cards under 640 px; false for a narrow table (a name and two numbers) that fits a phone as it is. */
  stacked?: boolean;
}) {
  return (
    <div className={`${className} sm:overflow-x-auto`}>
      <table className={`${stacked ? "workspace-table " : ""}w-full border-collapse text-left text-sm`}>
        <thead>
          <tr className="border-b border-line">
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`py-2 pr-4 ${numericFrom !== undefined && index >= numericFrom ? "text-right" : ""}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{Children.map(children, (row) => labelled(row, columns))}</tbody>
      </table>
    </div>
  );
}

function labelled(row: ReactNode, columns: string[]) {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  let index = 0;
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement(cell) || cell.type !== "td") return cell;
    const label = columns[index++] ?? "";
    return cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": label });
  });
  return cloneElement(row, undefined, cells);
}
