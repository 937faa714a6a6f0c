// /setup?token=: creates the first admin with the one-time link the server printed, then opens the admin console.
import type { SetupStatus } from "@aacos/domain/replies";
import { RegisterBody } from "@aacos/domain/validation";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { apiGet, apiPost } from "../../lib/api-client";
import type { SessionReply } from "../../lib/auth-api";
import { useAuthStore } from "../../lib/auth-store";
import { useForm } from "../../lib/use-form";
import { AccountFields } from "../../ui/account-fields";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { FormPanel, PanelForm, PanelOutcome } from "../../ui/form-panel";
import { Loader } from "../../ui/loader";

const setupApi = {
  status: (signal?: AbortSignal) => apiGet<SetupStatus>("/setup", signal),
  create: (body: RegisterBody & { token: string }) =>
    apiPost<SessionReply>("/setup", body, { fallback: "register" }),
};

export function SetupScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const status = useQuery({
    queryKey: ["setup-status"],
    queryFn: ({ signal }) => setupApi.status(signal),
  });

  if (status.isPending) return <Loader message={t("setup.checking")} fullHeight />;

  if (status.data?.needed === false) {
    return (
      <FormPanel title={t("setup.title")} testId="setup">
        <PanelOutcome
          message={<FormNotice testId="setup-not-needed">{t("setup.notNeeded")}</FormNotice>}
          to="/auth/login"
          linkTestId="setup-sign-in"
          linkLabel={t("setup.signIn")}
        />
      </FormPanel>
    );
  }

  if (token === "") {
    return (
      <FormPanel title={t("setup.title")} testId="setup">
        <FormAlert testId="setup-error">{t("setup.missingToken")}</FormAlert>
      </FormPanel>
    );
  }

  return <SetupForm token={token} />;
}

function SetupForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useAuthStore((state) => state.startSession);
  const form = useForm(RegisterBody, { email: "", username: "", password: "" });

  const submit = form.onSubmit(async (data) => {
    startSession(await setupApi.create({ ...data, token }));
    void navigate("/admin", { replace: true });
  });

  return (
    <FormPanel title={t("setup.title")} lead={t("setup.lead")} testId="setup">
      <PanelForm form={form} onSubmit={submit} testPrefix="setup" texts="setup">
        <AccountFields field={form.field} testPrefix="setup" />
      </PanelForm>
    </FormPanel>
  );
}
