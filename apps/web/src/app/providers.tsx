// App-wide providers: TanStack Query (emptied of a user's data when the user changes), i18n and theme.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { useAuthStore } from "../lib/auth-store";
import { i18n } from "../lib/i18n";
import { ThemeProvider } from "../lib/theme";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // One user's cached data (sessions, users, MFA status) must never show to the next one.
  useEffect(() => {
    let userId = useAuthStore.getState().user?.id ?? null;
    return useAuthStore.subscribe((state) => {
      const next = state.user?.id ?? null;
      if (next === userId) return;
      userId = next;
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== "catalog" });
    });
  }, [client]);

  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>{children}</ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
