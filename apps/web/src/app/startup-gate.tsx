// Shows the start-up progress while start-up runs, then the app 0.5 s after it completes — or at once when it fails
// (the failure is logged and reported, docs/product.md §4).
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorReporter } from "../lib/error-reporter";
import { installLayoutClass } from "../lib/layout-class";
import { ProgressBar } from "../ui/progress-bar";
import { Logo } from "./app-shell";
import { buildStartupSteps, runStartup, SHOW_APP_AFTER_MS, type StartupStage } from "./startup";

export function StartupGate({
  children,
  preloadLanding,
  started: startedBefore = false,
}: {
  children: ReactNode;
  preloadLanding: () => Promise<void>;
  /** Start-up ran before the first render (a pre-rendered page being hydrated): the children show at once. */
  started?: boolean;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ stage: StartupStage; progress: number; done: boolean }>({
    stage: startedBefore ? "ready" : "core",
    progress: startedBefore ? 100 : 0,
    done: startedBefore,
  });
  const started = useRef(startedBefore);

  useEffect(() => {
    // Once per page, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const steps = buildStartupSteps({ queryClient, preloadLanding });
    runStartup(steps, (stage, progress) => setState({ stage, progress, done: false }))
      .then(() =>
        setTimeout(
          // The whole app renders now: as a transition React renders it in slices, yielding to the browser between
          // them, instead of in one long task (docs/decisions/174).
          () => startTransition(() => setState((current) => ({ ...current, done: true }))),
          SHOW_APP_AFTER_MS,
        ),
      )
      .catch((error: unknown) => {
        console.error("Start-up failed", error);
        errorReporter.captureError(error, { type: "StartupError" });
        installLayoutClass();
        setState((current) => ({ ...current, done: true }));
      });
  }, [queryClient, preloadLanding]);

  if (state.done) return children;
  return <StartupScreen stage={state.stage} progress={state.progress} />;
}

export function StartupScreen({ stage, progress }: { stage: StartupStage; progress: number }) {
  const { t } = useTranslation();
  const stageText = t(`startup.steps.${stage}`);
  return (
    <main
      id="main"
      data-testid="startup-screen"
      data-progress={progress}
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-background px-6 text-fg"
    >
      <div className="flex items-center gap-3">
        <Logo />
        <span className="text-2xl font-extrabold tracking-wide">{t("common.appName")}</span>
      </div>
      <div className="w-full max-w-sm space-y-2">
        <ProgressBar
          value={progress}
          label={t("startup.label")}
          valueText={`${progress}% — ${stageText}`}
          testId="startup-progress"
        />
        <p className="flex justify-between text-sm text-fg-muted" aria-hidden="true">
          <span>{stageText}</span>
          <span dir="ltr">{progress}%</span>
        </p>
      </div>
    </main>
  );
}
