// Buttons and button-styled router links in three variants (primary, secondary, ghost).
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "ghost";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-on-accent shadow-card hover:bg-accent-hover",
  secondary: "border border-border bg-surface text-fg hover:border-primary hover:bg-surface-muted",
  ghost: "text-accent-text hover:bg-surface-muted",
};

export function buttonClasses(variant: ButtonVariant = "primary", extra = ""): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  children: ReactNode;
}

export function Button({ variant = "primary", className = "", type, ...rest }: ButtonProps) {
  return (
    <button
      type={type === "submit" ? "submit" : "button"}
      className={buttonClasses(variant, className)}
      {...rest}
    />
  );
}

/** A form's submit button: its busy label (and disabled state) while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...rest
}: Omit<ButtonProps, "type"> & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" disabled={busy || disabled} {...rest}>
      {busy ? busyLabel : children}
    </Button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

export function ButtonLink({ variant = "primary", className = "", ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses(variant, typeof className === "string" ? className : "")}
      {...rest}
    />
  );
}
