// What the last action on entities came to: a notice, one failure, or the names a bulk action could not change.
import { useTranslation } from "react-i18next";
import { OutcomeLine } from "../../lib/outcome-line";

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
      <OutcomeLine kind="notice" text={notice} testId="orchestration-notice" className="mb-3" />
      <OutcomeLine kind="error" text={error} testId="orchestration-error" className="mb-3" />
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
