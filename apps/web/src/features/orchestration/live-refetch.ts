// Status changes arrive on the realtime "runs" topic in bursts (one per recipient, per entity of a bulk action): the
// orchestration lists are read again once per burst.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "../../lib/realtime";
import { orchestrationKeys } from "./api";

const LIVE_REFETCH_MS = 300;

export function useLiveRefetch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = realtime().subscribe("runs", () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: orchestrationKeys.all });
      }, LIVE_REFETCH_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [queryClient]);
}
