// A team action's outcome as the team screens show it: the done line, or the refusal's text and, where the plan is
// the limit, a link to upgrade beside it.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "../../ui/form-alert";

export interface TeamFailure {
  text: string;
  upgrade: string | null;
}

export function TeamFailureAlert({
  failure,
  testId,
}: {
  failure: TeamFailure | null;
  testId: string;
}) {
  const { t } = useTranslation();
  if (failure === null) return null;
  return (
    <FormAlert testId={testId}>
      {failure.text}
      {failure.upgrade ? (
        <>
          {" "}
          <Link to={failure.upgrade} className="underline">
            {t("teams.errors.upgrade")}
          </Link>
        </>
      ) : null}
    </FormAlert>
  );
}

export function TeamNotice({ notice, testId }: { notice: string | null; testId: string }) {
  if (notice === null) return null;
  return (
    <p role="status" className="text-success" data-testid={testId}>
      {notice}
    </p>
  );
}
