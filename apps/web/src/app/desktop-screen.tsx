// /desktop: the multi-panel workspace composed from the app's own screens (dashboard, chat, signals, monitoring),
// each loaded on demand inside its panel.
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { DesktopWorkspace, type PanelContents } from "../features/desktop/desktop-workspace";
import { lazyScreen } from "../lib/lazy-screen";
import { Loader } from "../ui/loader";
import { ErrorBoundary } from "./error-boundary";

const DashboardScreen = lazyScreen(() =>
  import("../features/dashboard/dashboard-screen").then((m) => m.DashboardScreen),
);
const ChatScreen = lazyScreen(() =>
  import("../features/chat/chat-screen").then((m) => m.ChatScreen),
);
const SignalsScreen = lazyScreen(() =>
  import("../features/signals/signals-screen").then((m) => m.SignalsScreen),
);
const MonitoringScreen = lazyScreen(() =>
  import("../features/monitoring/monitoring-screen").then((m) => m.MonitoringScreen),
);

function Panel({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loader message={t("common.loading")} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

export function DesktopScreen() {
  const panels: PanelContents = {
    dashboard: (
      <Panel>
        <DashboardScreen />
      </Panel>
    ),
    chat: (
      <Panel>
        <ChatScreen />
      </Panel>
    ),
    signals: (
      <Panel>
        <SignalsScreen />
      </Panel>
    ),
    monitoring: (
      <Panel>
        <MonitoringScreen variant="monitoring" defaultRange={15} />
      </Panel>
    ),
  };
  return <DesktopWorkspace panels={panels} />;
}
