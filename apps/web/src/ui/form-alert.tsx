// Announced messages for a form or a section: errors interrupt (role="alert"), confirmations wait (role="status").
import type { ReactNode } from "react";

export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-xl border border-error bg-surface px-4 py-3 text-sm font-semibold text-error"
    >
      {children}
    </div>
  );
}

export function FormNotice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="rounded-xl border border-success bg-surface px-4 py-3 text-sm font-semibold text-success"
    >
      {children}
    </div>
  );
}
