// The orchestration screen's filters: search (asked 300 ms after typing stops), status, model and the owner chip a
// click on an owner's name sets. `useOrchestrationFilters` holds them; `FilterBar` draws them.
import { ORCHESTRATION_STATUSES, type OrchestrationStatus } from "@aacos/domain/orchestration";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrchestratedEntity } from "./api";

export function useOrchestrationFilters() {
  const [searchDraft, setSearchDraft] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<OrchestrationStatus | "">("");
  const [model, setModel] = useState("");
  const [owner, setOwner] = useState<OrchestratedEntity["owner"] | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchDraft.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchDraft]);

  return {
    searchDraft,
    setSearchDraft,
    search,
    status,
    setStatus,
    model,
    setModel,
    owner,
    setOwner,
    filtered: search !== "" || status !== "" || model !== "" || owner !== null,
    clear: () => {
      setSearchDraft("");
      setSearch("");
      setStatus("");
      setModel("");
      setOwner(null);
    },
  };
}

export type OrchestrationFilters = ReturnType<typeof useOrchestrationFilters>;

export const INPUT_CLASS =
  "rounded-xl border border-border bg-surface px-3 py-2 text-sm text-fg focus:border-primary";

export function FilterBar({
  filters,
  models,
}: {
  filters: OrchestrationFilters;
  models: readonly { name: string }[];
}) {
  const { t } = useTranslation();
  const { owner } = filters;
  return (
    <search
      aria-label={t("orchestration.filters.label")}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <label className="flex min-w-[14rem] flex-1 flex-col gap-1 text-sm font-semibold text-fg">
        {t("orchestration.filters.search")}
        <input
          type="search"
          className={INPUT_CLASS}
          value={filters.searchDraft}
          placeholder={t("orchestration.filters.searchPlaceholder")}
          onChange={(event) => filters.setSearchDraft(event.target.value)}
          data-testid="orchestration-search"
        />
      </label>
      <ChoiceFilter
        label={t("orchestration.filters.status")}
        value={filters.status}
        onChange={filters.setStatus}
        choices={ORCHESTRATION_STATUSES.map((value) => ({
          value,
          text: t(`orchestration.status.${value}`),
        }))}
        testId="orchestration-status-filter"
      />
      <ChoiceFilter
        label={t("orchestration.filters.model")}
        value={filters.model}
        onChange={filters.setModel}
        choices={models.map((option) => ({ value: option.name, text: option.name }))}
        testId="orchestration-model-filter"
      />
      {owner !== null ? (
        <span className="inline-flex items-center gap-2 rounded-full border border-border bg-surface-muted px-3 py-1.5 text-sm">
          <span dir="auto">{t("orchestration.filters.owner", { owner: owner.username })}</span>
          <button
            type="button"
            className="font-bold text-accent-text"
            aria-label={t("orchestration.filters.clearOwner")}
            onClick={() => filters.setOwner(null)}
            data-testid="orchestration-owner-clear"
          >
            ×
          </button>
        </span>
      ) : null}
    </search>
  );
}

/** A labelled select that keeps every entity (the empty "any" choice) or only those with one value. */
function ChoiceFilter<Value extends string>({
  label,
  value,
  onChange,
  choices,
  testId,
}: {
  label: string;
  value: Value | "";
  onChange: (value: Value | "") => void;
  choices: readonly { value: Value; text: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-fg">
      {label}
      <select
        className={INPUT_CLASS}
        value={value}
        onChange={(event) => onChange(event.target.value as Value | "")}
        data-testid={testId}
      >
        <option value="">{t("orchestration.filters.any")}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
    </label>
  );
}
