// The chat's side column: the entity picker (grouped by universe), "New conversation", a debounced search and the list.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useDebounced } from "../../lib/use-debounced";
import type { UniverseGroup } from "../../lib/workspace-queries";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import { SelectField, TextField } from "../../ui/form-field";
import { Loader } from "../../ui/loader";
import { type Conversation, chatApi, chatKeys } from "./api";

const SEARCH_DELAY_MS = 300;

export function EntityPicker({
  groups,
  value,
  onChange,
}: {
  groups: UniverseGroup[];
  value: string;
  onChange: (entityId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("chat.entity")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      testId="chat-entity-picker"
    >
      {groups
        .filter((group) => group.entities.length > 0)
        .map(({ universe, entities }) => (
          <optgroup
            key={universe.id}
            label={`${
              universe.archivedAt === null
                ? universe.name
                : t("chat.archivedUniverse", { name: universe.name })
            }${universe.shared ? ` · ${t("teams.shared")}` : ""}`}
          >
            {entities.map((entity) => (
              <option key={entity.id} value={entity.id}>
                {entity.role
                  ? t("chat.entityOption", { name: entity.name, role: entity.role })
                  : entity.name}
              </option>
            ))}
          </optgroup>
        ))}
    </SelectField>
  );
}

export function ConversationSidebar({
  groups,
  entityId,
  onEntityChange,
  selectedId,
  onSelect,
  onNew,
  creating,
}: {
  groups: UniverseGroup[];
  entityId: string;
  onEntityChange: (entityId: string) => void;
  selectedId: string | null;
  onSelect: (conversation: Conversation) => void;
  onNew: () => void;
  creating: boolean;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [search, setSearch] = useState("");
  const settled = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const conversations = useQuery({
    queryKey: chatKeys.conversations(settled, entityId),
    queryFn: ({ signal }) => chatApi.list({ search: settled, entityId }, signal),
  });

  return (
    <aside className="flex min-w-0 flex-col gap-4" aria-label={t("chat.conversations")}>
      <EntityPicker groups={groups} value={entityId} onChange={onEntityChange} />
      <Button
        onClick={onNew}
        disabled={creating || entityId === ""}
        data-testid="chat-new-conversation"
      >
        {t("chat.newConversation")}
      </Button>
      <TextField
        label={t("chat.search")}
        type="search"
        dir="auto"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t("chat.searchPlaceholder")}
        testId="chat-search"
      />
      {conversations.data === undefined && conversations.isPending ? (
        <Loader message={t("chat.loadingConversations")} />
      ) : conversations.data === undefined ? (
        <FormAlert>{t("chat.conversationsError")}</FormAlert>
      ) : conversations.data.items.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="chat-conversations-empty">
          {settled ? t("chat.noMatches") : t("chat.noConversations")}
        </p>
      ) : (
        <ul
          className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto lg:max-h-[60vh]"
          data-testid="chat-conversation-list"
        >
          {conversations.data.items.map((conversation) => (
            <li key={conversation.id}>
              <button
                type="button"
                onClick={() => onSelect(conversation)}
                aria-current={conversation.id === selectedId ? "true" : undefined}
                data-testid="chat-conversation"
                className={`flex w-full flex-col items-start rounded-xl px-3 py-2 text-start ${
                  conversation.id === selectedId
                    ? "bg-surface-muted font-semibold text-fg ring-2 ring-primary/40"
                    : "text-fg hover:bg-surface-muted"
                }`}
              >
                <span dir="auto" className="w-full truncate">
                  {conversation.title || t("chat.untitled")}
                </span>
                <span className="text-xs text-fg-muted">{date(conversation.updatedAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
