// Announced messages for a form or a section: errors interrupt (role="alert"), confirmations wait (role="status").
import type { ReactNode } from "react";

/** The border and text colours of each kind of message. */
const TONES = {
  alert: { border: "border-error", text: "text-error" },
  status: { border: "border-success", text: "text-success" },
} as const;

interface MessageProps {
  children: ReactNode;
  testId?: string;
  /** Announced to screen readers but not shown: the same words already stand on screen (under a field). */
  announceOnly?: boolean;
}

function Announcement({
  role,
  children,
  testId,
  announceOnly = false,
}: MessageProps & { role: keyof typeof TONES }) {
  const tone = TONES[role];
  return (
    <div
      role={role}
      data-testid={testId}
      className={
        announceOnly
          ? "sr-only"
          : `rounded-xl border ${tone.border} bg-surface px-4 py-3 text-sm font-semibold ${tone.text}`
      }
    >
      {children}
    </div>
  );
}

export function FormAlert(props: MessageProps) {
  return <Announcement role="alert" {...props} />;
}

export function FormNotice(props: MessageProps) {
  return <Announcement role="status" {...props} />;
}
