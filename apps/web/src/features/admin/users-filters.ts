// The users tab's filters, kept in the address (`/admin?tab=users&role=admin&status=suspended`) so a filtered list can
// be reloaded or shared; read leniently (an unknown value is no filter) and turned into the API's query.

import { ROLES, type Role } from "@aacos/domain/access";
import {
  type AdminUserListQuery,
  USER_SORTS,
  USER_STATUSES,
  type UserSort,
  type UserStatus,
} from "@aacos/domain/admin-console";
import { TIER_NAMES, type TierName, WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";

export const USERS_PAGE_SIZE = 20;

export interface UserFilters {
  search: string;
  role: Role | "";
  tier: TierName | "";
  world: WorldName | "";
  status: UserStatus | "";
  sort: UserSort;
  order: "asc" | "desc";
  page: number;
}

export const DEFAULT_USER_FILTERS: UserFilters = {
  search: "",
  role: "",
  tier: "",
  world: "",
  status: "",
  sort: "createdAt",
  order: "desc",
  page: 1,
};

function oneOf<T extends string>(options: readonly T[], value: string | null): T | "" {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : "";
}

export function readUserFilters(params: URLSearchParams): UserFilters {
  const sort = oneOf(USER_SORTS, params.get("sort"));
  const order = oneOf(["asc", "desc"] as const, params.get("order"));
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    search: (params.get("q") ?? "").slice(0, 100),
    role: oneOf(ROLES, params.get("role")),
    tier: oneOf(TIER_NAMES, params.get("tier")),
    world: oneOf(WORLD_NAMES, params.get("world")),
    status: oneOf(USER_STATUSES, params.get("status")),
    sort: sort === "" ? DEFAULT_USER_FILTERS.sort : sort,
    order: order === "" ? DEFAULT_USER_FILTERS.order : order,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** Writes the filters into the address, leaving defaults out (and the other parameters, such as `tab`, alone). */
export function writeUserFilters(params: URLSearchParams, filters: UserFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<string, string> = {
    q: filters.search.trim(),
    role: filters.role,
    tier: filters.tier,
    world: filters.world,
    status: filters.status,
    sort: filters.sort === DEFAULT_USER_FILTERS.sort ? "" : filters.sort,
    order: filters.order === DEFAULT_USER_FILTERS.order ? "" : filters.order,
    page: filters.page === 1 ? "" : String(filters.page),
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === "") next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** A change of any filter but the page starts again from page 1. */
export function changeUserFilters(current: UserFilters, change: Partial<UserFilters>): UserFilters {
  const next = { ...current, ...change };
  return "page" in change ? next : { ...next, page: 1 };
}

/** Clicking a column header: the same column flips its order; a new one starts newest/A-first. */
export function sortUsersBy(current: UserFilters, sort: UserSort): UserFilters {
  if (current.sort === sort) {
    return changeUserFilters(current, { order: current.order === "asc" ? "desc" : "asc" });
  }
  const newestFirst = sort === "createdAt" || sort === "lastSignIn";
  return changeUserFilters(current, { sort, order: newestFirst ? "desc" : "asc" });
}

/** The `GET /api/users` query for these filters (empty filters left out). */
export function userListQuery(
  filters: UserFilters,
): Partial<Record<keyof AdminUserListQuery, string | number>> {
  return {
    ...(filters.search.trim() !== "" ? { search: filters.search.trim() } : {}),
    ...(filters.role !== "" ? { role: filters.role } : {}),
    ...(filters.tier !== "" ? { tier: filters.tier } : {}),
    ...(filters.world !== "" ? { world: filters.world } : {}),
    ...(filters.status !== "" ? { status: filters.status } : {}),
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: USERS_PAGE_SIZE,
  };
}

export function hasUserFilters(filters: UserFilters): boolean {
  return (
    filters.search.trim() !== "" ||
    filters.role !== "" ||
    filters.tier !== "" ||
    filters.world !== "" ||
    filters.status !== ""
  );
}
