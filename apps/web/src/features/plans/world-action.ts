// Which action a world card offers: none for the current world, upgrade for higher, switch for lower, start for visitors' first world.
import { canUpgradeWorld, type WorldName } from "@aacos/domain/catalog";

export type WorldAction = "none" | "upgrade" | "switch" | "start";

/** Visitors have no world; no world means genesis (docs/product.md §6), so Genesis is where they start. */
export function worldAction(target: WorldName, current: WorldName | null): WorldAction {
  if (current === null) return target === "genesis" ? "start" : "upgrade";
  if (target === current) return "none";
  return canUpgradeWorld(current, target) ? "upgrade" : "switch";
}
