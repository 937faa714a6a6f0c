// Error boundaries (docs/product.md §2, §4 "normal → error, resettable"): each caught error is counted and reported once,
// then shown on the error screen; the root boundary shows no details but keeps the report option.
import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from "react";
import { currentErrorCount, recordErrorOccurrence } from "../lib/error-count";
import { errorReporter } from "../lib/error-reporter";
import { ErrorScreen } from "./error-screen";

const reported = new WeakSet<object>();

/** Counts and reports an error shown on an error screen (once per error object); returns the count this hour. */
export function recordShownError(error: unknown, componentStack?: string | null): number {
  if (typeof error === "object" && error !== null) {
    if (reported.has(error)) return currentErrorCount();
    reported.add(error);
  }
  errorReporter.captureError(error, { componentStack: componentStack ?? undefined });
  return recordErrorOccurrence(error);
}

/** React's own wrappers: naming them would tell the user nothing (a screen whose code failed to load is "Lazy"). */
const INTERNAL_COMPONENTS = new Set([
  "Lazy",
  "Suspense",
  "ErrorBoundary",
  "Outlet",
  "RenderedRoute",
]);

/** The innermost component of React's component stack ("\n    at Name (url)" lines); null for React's wrappers. */
export function componentNameOf(componentStack: string | null | undefined): string | null {
  const match = componentStack ? /^\s*(?:at\s+)?([A-Z][\w$.]*)/m.exec(componentStack) : null;
  const name = match?.[1] ?? null;
  return name !== null && INTERNAL_COMPONENTS.has(name) ? null : name;
}

interface BoundaryProps {
  children: ReactNode;
  /** "root": outside the router and the shell (no details); "screen": a screen inside the shell. */
  level?: "root" | "screen";
  /** The component name to show; otherwise taken from React's component stack. */
  name?: string;
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  componentName: string | null;
  occurrences: number;
}

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    error: null,
    hasError: false,
    componentName: null,
    occurrences: 0,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const occurrences = recordShownError(error, info.componentStack);
    this.setState({
      occurrences,
      componentName: this.props.name ?? componentNameOf(info.componentStack),
    });
  }

  /** Back to normal (docs/product.md §4: the error state is resettable). */
  reset = (): void => {
    this.setState({ error: null, hasError: false, componentName: null, occurrences: 0 });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const root = this.props.level === "root";
    return (
      <ErrorScreen
        error={this.state.error}
        componentName={this.state.componentName}
        occurrences={Math.max(this.state.occurrences, currentErrorCount())}
        showDetails={!root}
        fullScreen={root}
      />
    );
  }
}

/** For the router's error element: counts and reports the route error once, then renders the error screen. */
export function RoutedErrorScreen({ error }: { error: unknown }) {
  const [occurrences, setOccurrences] = useState(() => currentErrorCount());
  useEffect(() => setOccurrences(recordShownError(error)), [error]);
  return <ErrorScreen error={error} occurrences={occurrences} fullScreen />;
}
