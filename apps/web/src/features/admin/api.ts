// Calls of the admin console's users table: list (search, page, sort), update roles/tier/world, delete.
import type { AdminUserUpdateBody, UserListQuery } from "@aacos/domain/validation";
import { apiDelete, apiGet, apiPut } from "../../lib/api-client";
import type { AuthUser } from "../../lib/auth-api";

export interface UserPage {
  items: AuthUser[];
  total: number;
  page: number;
  pageSize: number;
}

export type UserListParams = Pick<UserListQuery, "page" | "pageSize" | "sort" | "order"> & {
  search: string;
};

export const adminKeys = {
  users: (params: UserListParams) => ["admin", "users", params] as const,
  allUsers: ["admin", "users"] as const,
};

export const adminApi = {
  users: (params: UserListParams, signal?: AbortSignal) => {
    const query = new URLSearchParams({
      page: String(params.page),
      pageSize: String(params.pageSize),
      sort: params.sort,
      order: params.order,
    });
    if (params.search.trim() !== "") query.set("search", params.search.trim());
    return apiGet<UserPage>(`/users?${query.toString()}`, signal);
  },
  updateUser: (id: string, body: AdminUserUpdateBody) =>
    apiPut<{ user: AuthUser }>(`/users/${encodeURIComponent(id)}`, body).then((r) => r.user),
  deleteUser: (id: string) => apiDelete(`/users/${encodeURIComponent(id)}`),
};
