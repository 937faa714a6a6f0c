// What a workspace screen (chat, command center) shows before it has both the universes and the entities: a loader
// while either loads, an alert with a retry when either failed with nothing loaded; null once both are here.
// A failed refetch keeps what was loaded: the error shows only when there is nothing to show.
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Button } from "./button";
import { FormAlert } from "./form-alert";
import { Loader } from "./loader";

interface Loading {
  data: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

export function workspaceWait(t: TFunction, universes: Loading, entities: Loading): ReactNode {
  if (universes.data === undefined && universes.isPending)
    return <Loader message={t("common.loading")} />;
  if (entities.data === undefined && entities.isPending)
    return <Loader message={t("common.loading")} />;
  if (universes.data === undefined || entities.data === undefined) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <FormAlert>{t("chat.workspaceError")}</FormAlert>
        <Button
          variant="secondary"
          onClick={() => {
            void universes.refetch();
            void entities.refetch();
          }}
        >
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return null;
}
