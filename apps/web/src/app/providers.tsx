// App-wide providers: TanStack Query (emptied of a user's data when the user changes; the app's own client keeps the
// signed-in user's data for offline reloads and pauses while offline), i18n and theme.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { type AuthState, useAuthStore } from "../lib/auth-store";
import { connectQueriesToConnectivity } from "../lib/connectivity";
import { i18n } from "../lib/i18n";
import { persistQueries, type QueryPersistence } from "../lib/query-persistence";
import { readStorage, STORAGE_KEYS } from "../lib/storage";
import { ThemeProvider } from "../lib/theme";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      // An action runs even offline, so the API client refuses it at once with its "needs a connection" message
      // instead of the mutation waiting, paused, for the network to come back (docs/decisions/184).
      mutations: { networkMode: "always" },
    },
  });
}

/** A query client and what keeps its data across visits (none for tests and the build's pre-render). */
export interface AppQueries {
  client: QueryClient;
  persistence: QueryPersistence | null;
}

/** The app's client: paused while offline, filled with the stored session's last data before the first screen. */
export function createAppQueries(): AppQueries {
  const client = createQueryClient();
  connectQueriesToConnectivity();
  const persistence = persistQueries(client);
  const userId = readStorage(STORAGE_KEYS.userId);
  if (userId !== null && readStorage(STORAGE_KEYS.token) !== null) persistence.restore(userId);
  return { client, persistence };
}

export function Providers({
  children,
  queryClient,
  queries,
}: {
  children: ReactNode;
  /** A plain client (tests), without persistence. */
  queryClient?: QueryClient;
  /** A client made beforehand (a hydrated page's start-up fills it before the first render). */
  queries?: AppQueries;
}) {
  const [{ client, persistence }] = useState(
    () =>
      queries ??
      (queryClient === undefined ? createAppQueries() : { client: queryClient, persistence: null }),
  );

  // One user's cached data (sessions, users, MFA status) must never show to the next one.
  useEffect(() => {
    let userId = useAuthStore.getState().user?.id ?? persistence?.owner() ?? null;
    const follow = (state: AuthState) => {
      // While the start-up check runs, "no user" means "not known yet".
      if (state.status === "loading" && state.user === null) return;
      const next = state.user?.id ?? null;
      if (next === userId) return;
      userId = next;
      persistence?.changeOwner(next);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== "catalog" });
    };
    follow(useAuthStore.getState());
    return useAuthStore.subscribe(follow);
  }, [client, persistence]);

  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>{children}</ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
