// /settings: profile, plan and usage, password, two-factor sign-in, passkeys, active sessions, personal API keys and
// the data of the signed-in user.
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { PageHeading } from "../../ui/page-heading";
import { ApiKeysSection } from "./api-keys-section";
import { BillingSection } from "./billing-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { PlanUsageSection } from "./plan-usage-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import { YourDataSection } from "./your-data-section";

export function SettingsScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  // The route guard admits only signed-in users; this covers the moment of signing out.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10" data-testid="settings">
      <PageHeading title={t("settings.title")} lead={t("settings.lead")} />
      <div className="flex flex-col gap-6">
        <ProfileSection key={user.id} user={user} />
        <PlanUsageSection />
        <BillingSection />
        <PasswordSection />
        <TwoFactorSection />
        <PasskeysSection />
        <SessionsSection />
        <ApiKeysSection />
        <YourDataSection />
      </div>
    </div>
  );
}
