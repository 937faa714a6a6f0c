// What the last action on entities came to: a notice, one failure, or the names a bulk action could not change.
import { useTranslation } from "react-i18next";

export interface EntityFailure {
  name: string;
  message: string;
}

export function ActionFeedback({
  notice,
  error,
  failures,
}: {
  notice: string | null;
  error: string | null;
  failures: readonly EntityFailure[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {notice ? (
        <p role="status" className="mb-3 text-success" data-testid="orchestration-notice">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mb-3 text-error" data-testid="orchestration-error">
          {error}
        </p>
      ) : null}
      {failures.length > 0 ? (
        <div role="alert" className="mb-3 text-error" data-testid="orchestration-failures">
          <p className="font-semibold">
            {t("orchestration.bulk.failed", { count: failures.length })}
          </p>
          <ul className="ms-5 list-disc">
            {failures.map((failure) => (
              <li key={failure.name}>
                <span dir="auto">{failure.name}</span>: {failure.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
