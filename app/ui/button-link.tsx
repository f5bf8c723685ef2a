import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses, type ButtonVariant } from "./button.tsx";

// Apart from button.tsx: the public forms hydrate without React Router (decision 028), and a
// module they import must not bring it.

/** A link styled as a button: React Router's Link for site paths (the workspace navigates in place), a plain anchor for other URLs. */
export function ButtonLink({
  href,
  variant = "primary",
  className,
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  const classes = buttonClasses(variant, className);
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={classes} rel="noopener noreferrer">
      {children}
    </a>
  );
}
