// The second sign-in step: a code from the authenticator app, a recovery code, or a passkey (whichever the account has).

import { MfaVerifyBody } from "@aacos/domain/validation";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MfaChallenge } from "../../lib/auth-api";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { useForm } from "../../lib/use-form";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/form-field";
import { FormPanel, PanelForm } from "../../ui/form-panel";
import { Icon } from "../../ui/icon";
import { useFinishSignIn } from "./finish-sign-in";
import { PasskeyUnavailable, signInWithPasskey } from "./passkey-sign-in";

type CodeMode = "totp" | "recovery";

export function MfaStep({
  challenge,
  rememberMe,
  onCancel,
  serverRedirect,
}: {
  challenge: MfaChallenge;
  rememberMe: boolean;
  onCancel: () => void;
  serverRedirect?: string | null;
}) {
  const { t } = useTranslation();
  const verifyMfa = useAuthStore((state) => state.verifyMfa);
  const startSession = useAuthStore((state) => state.startSession);
  const finish = useFinishSignIn();
  const hasTotp = challenge.methods.includes("totp");
  const hasPasskey = challenge.methods.includes("webauthn");
  const [mode, setMode] = useState<CodeMode>(hasTotp ? "totp" : "recovery");
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const form = useForm(MfaVerifyBody, { code: "", type: mode, mfaToken: challenge.mfaToken });
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const switchMode = (next: CodeMode) => {
    setMode(next);
    form.reset({ code: "", type: next, mfaToken: challenge.mfaToken });
    codeRef.current?.focus();
  };

  const submit = form.onSubmit(async (data) => {
    await verifyMfa({
      code: data.code.replace(/\s/g, ""),
      type: data.type === "recovery" ? "recovery" : "totp",
      mfaToken: challenge.mfaToken,
    });
    finish(serverRedirect);
  });

  const signInPasskey = async () => {
    form.setFormError(null);
    setPasskeyBusy(true);
    try {
      startSession(await signInWithPasskey({ mfaToken: challenge.mfaToken, rememberMe }));
      finish(serverRedirect);
    } catch (error) {
      if (error instanceof PasskeyUnavailable) form.setFormError(t(`auth.passkey.${error.reason}`));
      else form.setFormError(errorText(t, error));
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <FormPanel
      title={t("auth.mfa.title")}
      lead={mode === "totp" ? t("auth.mfa.totpLead") : t("auth.mfa.recoveryLead")}
      testId="auth-mfa"
    >
      <PanelForm form={form} onSubmit={submit} testPrefix="mfa" texts="auth.mfa">
        <TextField
          ref={codeRef}
          label={mode === "totp" ? t("auth.mfa.code") : t("auth.mfa.recoveryCode")}
          name="code"
          testId="mfa-code"
          data-mode={mode}
          dir="ltr"
          autoComplete="one-time-code"
          inputMode={mode === "totp" ? "numeric" : "text"}
          spellCheck={false}
          value={form.values.code}
          onChange={(event) => form.set("code", event.target.value)}
          error={form.error("code")}
        />
      </PanelForm>
      <div className="mt-5 flex flex-col gap-2">
        {mode === "totp" ? (
          <Button
            variant="ghost"
            data-testid="mfa-use-recovery"
            onClick={() => switchMode("recovery")}
          >
            {t("auth.mfa.useRecovery")}
          </Button>
        ) : hasTotp ? (
          <Button variant="ghost" data-testid="mfa-use-totp" onClick={() => switchMode("totp")}>
            {t("auth.mfa.useTotp")}
          </Button>
        ) : null}
        {hasPasskey ? (
          <Button
            variant="secondary"
            data-testid="mfa-use-passkey"
            disabled={passkeyBusy}
            onClick={() => void signInPasskey()}
          >
            <Icon name="key" className="size-4" />
            {passkeyBusy ? t("auth.passkey.working") : t("auth.mfa.usePasskey")}
          </Button>
        ) : null}
        <Button variant="ghost" data-testid="mfa-back" onClick={onCancel}>
          {t("auth.mfa.back")}
        </Button>
      </div>
    </FormPanel>
  );
}
