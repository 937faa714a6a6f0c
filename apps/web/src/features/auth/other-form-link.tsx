// The line under the sign-in and registration forms that offers the other one ("No account yet? Register").
import { Link } from "react-router";

export function OtherFormLink({
  question,
  label,
  to,
  testId,
}: {
  question: string;
  label: string;
  to: "/auth/login" | "/auth/register";
  testId: string;
}) {
  return (
    <p className="mt-6 text-center text-sm text-fg-muted">
      {question}{" "}
      <Link
        to={to}
        data-testid={testId}
        className="font-semibold text-accent-text underline-offset-4 hover:underline"
      >
        {label}
      </Link>
    </p>
  );
}
