import { Icon } from "./illustrations.tsx";

/** A list whose items each start with a check mark. */
export function CheckList({
  items,
  tone = "accent",
  className = "",
  itemClassName = "",
}: {
  items: string[];
  tone?: "accent" | "brand";
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span className={`mt-0.5 ${tone === "brand" ? "text-brand" : "text-accent"}`}>
            <Icon name="check" />
          </span>
          <span className={itemClassName}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
