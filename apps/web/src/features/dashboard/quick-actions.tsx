// The dashboard's quick actions: the four things a user most often starts from home.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cardClasses } from "../../ui/card";
import { Icon, type IconName } from "../../ui/icon";

const ACTIONS = [
  { key: "newUniverse", to: "/command-center", icon: "orbit" },
  { key: "chat", to: "/chat", icon: "message" },
  { key: "commandCenter", to: "/command-center", icon: "zap" },
  { key: "upload", to: "/files", icon: "upload" },
] as const satisfies readonly { key: string; to: string; icon: IconName }[];

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("home.actions.title")} data-testid="dashboard-actions">
      <ul className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
        {ACTIONS.map((action) => (
          <li key={action.key}>
            <Link
              to={action.to}
              data-testid={`dashboard-action-${action.key}`}
              className={cardClasses(
                false,
                "flex min-h-11 items-center gap-3 font-semibold text-fg hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
              )}
            >
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-surface-muted text-accent-text"
              >
                <Icon name={action.icon} />
              </span>
              {t(`home.actions.${action.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
