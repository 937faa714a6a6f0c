// Personal API keys (issue 14): create one (name, optional expiry, scopes), see it once with a copy button, the list
// (prefix, scopes, created, expires, last used) and revoking one after a confirm dialog.
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type ApiKeyItem,
  type ApiKeyScope,
  MAX_API_KEYS,
} from "@aacos/domain/api-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-client";
import { useDateFormat } from "../../lib/format-date";
import { localeOf } from "../../lib/i18n";
import { translateField } from "../../lib/messages";
import { useCopy } from "../../lib/use-copy";
import { useLanguage } from "../../lib/use-language";
import { Badge } from "../../ui/badge";
import { Button, SubmitButton } from "../../ui/button";
import { ConfirmDialog } from "../../ui/dialog";
import { FormAlert, FormNotice } from "../../ui/form-alert";
import { CheckboxField, TextField } from "../../ui/form-field";
import { Icon } from "../../ui/icon";
import { settingsApi, settingsKeys } from "./api";
import { earliestExpiry, expiryInstant } from "./api-key-dates";
import { SectionItems, SettingsSection } from "./settings-section";

function useDayFormat(): (iso: string) => string {
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeOf(language), { dateStyle: "medium" });
    return (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [language]);
}

export function ApiKeysSection({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoked, setRevoked] = useState(false);
  const keys = useQuery({
    queryKey: settingsKeys.apiKeys,
    queryFn: ({ signal }) => settingsApi.apiKeys(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys });

  return (
    <SettingsSection title={t("apiKeys.title")} lead={t("apiKeys.lead")} testId="settings-api-keys">
      {created ? (
        <NewKey name={created.name} secret={created.key} onDone={() => setCreated(null)} />
      ) : (
        <CreateForm
          now={now}
          onCreated={(name, key) => {
            setRevoked(false);
            setCreated({ name, key });
            void refresh();
          }}
        />
      )}
      <hr className="border-border" />
      <h3 className="font-bold text-fg">{t("apiKeys.listTitle")}</h3>
      {revoked ? <FormNotice testId="api-keys-revoked">{t("apiKeys.revoked")}</FormNotice> : null}
      <SectionItems query={keys} empty={t("apiKeys.empty")} emptyTestId="api-keys-empty">
        {(items) => (
          <KeyList
            items={items}
            onRevoked={() => {
              setRevoked(true);
              void refresh();
            }}
          />
        )}
      </SectionItems>
    </SettingsSection>
  );
}

function CreateForm({
  now,
  onCreated,
}: {
  now: () => Date;
  onCreated: (name: string, key: string) => void;
}) {
  const { t } = useTranslation();
  const scopesLabel = useId();
  const [name, setName] = useState("");
  const [expires, setExpires] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["read"]);
  const [errors, setErrors] = useState<{ name?: string; expires?: string; scopes?: string }>({});
  const create = useMutation({
    mutationFn: settingsApi.createApiKey,
    onSuccess: (reply, body) => {
      setName("");
      setExpires("");
      setScopes(["read"]);
      onCreated(body.name, reply.key);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const fields = error.fields;
      const next = {
        name: fields.name === undefined ? undefined : translateField(t, fields.name),
        expires: fields.expiresAt === undefined ? undefined : t("apiKeys.expiresInvalid"),
        scopes: fields.scopes === undefined ? undefined : t("apiKeys.scopesRequired"),
      };
      if (next.name || next.expires || next.scopes) setErrors(next);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    const expiresAt = expires === "" ? null : expiryInstant(expires, now());
    const found = {
      name: trimmed === "" ? t("apiKeys.nameRequired") : undefined,
      expires: expires !== "" && expiresAt === null ? t("apiKeys.expiresInvalid") : undefined,
      scopes: scopes.length === 0 ? t("apiKeys.scopesRequired") : undefined,
    };
    setErrors(found);
    if (found.name || found.expires || found.scopes) return;
    create.mutate({
      name: trimmed,
      scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)),
      ...(expiresAt === null ? {} : { expiresAt }),
    });
  }

  const fieldErrors =
    create.isError && isApiError(create.error) && Object.keys(create.error.fields).length > 0;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      data-testid="api-key-form"
      aria-label={t("apiKeys.createTitle")}
    >
      <h3 className="font-bold text-fg">{t("apiKeys.createTitle")}</h3>
      {create.isError && !fieldErrors ? (
        <FormAlert testId="api-key-error">
          {isApiError(create.error) && create.error.code === "too_many_api_keys"
            ? t("apiKeys.tooMany", { n: MAX_API_KEYS })
            : t("apiKeys.createError")}
        </FormAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("apiKeys.name")}
          hint={t("apiKeys.nameHint")}
          name="name"
          testId="api-key-name"
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <TextField
          label={t("apiKeys.expires")}
          hint={t("apiKeys.expiresHint")}
          name="expiresAt"
          type="date"
          testId="api-key-expires"
          min={earliestExpiry(now())}
          value={expires}
          error={errors.expires}
          onChange={(event) => {
            setExpires(event.target.value);
            setErrors((current) => ({ ...current, expires: undefined }));
          }}
        />
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.scopes ? `${scopesLabel}-error` : undefined}
      >
        <legend id={scopesLabel} className="mb-1 text-sm font-semibold text-fg">
          {t("apiKeys.scopes")}
        </legend>
        {API_KEY_SCOPES.map((scope) => (
          <div key={scope}>
            <CheckboxField
              label={t(`apiKeys.scope.${scope}`)}
              testId={`api-key-scope-${scope}`}
              checked={scopes.includes(scope)}
              onChange={(event) => {
                const on = event.target.checked;
                setScopes((current) =>
                  on ? [...current, scope] : current.filter((other) => other !== scope),
                );
                setErrors((current) => ({ ...current, scopes: undefined }));
              }}
            />
            <p className="ms-6 text-xs text-fg-muted">{t(`apiKeys.scopeHint.${scope}`)}</p>
          </div>
        ))}
        {errors.scopes ? (
          <p id={`${scopesLabel}-error`} role="alert" className="text-sm text-error">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <div>
        <SubmitButton
          data-testid="api-key-create"
          busy={create.isPending}
          busyLabel={t("apiKeys.creating")}
        >
          {t("apiKeys.create")}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The new key, once: selectable, copyable, with the warning; focus lands on its heading. */
function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, copy] = useCopy(secret);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-warning p-4"
      data-testid="api-key-created"
    >
      <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-fg focus:outline-none">
        {t("apiKeys.createdTitle", { name })}
      </h3>
      <p className="flex items-start gap-2 text-sm font-semibold text-fg" role="alert">
        <Icon name="lock" className="size-5 shrink-0 text-warning" />
        <span data-testid="api-key-once-warning">{t("apiKeys.onceWarning")}</span>
      </p>
      <TextField
        label={t("apiKeys.keyLabel")}
        name="apiKey"
        testId="api-key-secret"
        dir="ltr"
        readOnly
        value={secret}
        className="font-mono"
        onFocus={(event) => event.target.select()}
      />
      {copied === "copied" ? (
        <FormNotice testId="api-key-copied">{t("apiKeys.copied")}</FormNotice>
      ) : null}
      {copied === "failed" ? <FormAlert>{t("apiKeys.copyFailed")}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" data-testid="api-key-copy" onClick={() => void copy()}>
          {t("apiKeys.copy")}
        </Button>
        <Button data-testid="api-key-done" onClick={onDone}>
          {t("apiKeys.done")}
        </Button>
      </div>
    </div>
  );
}

function KeyList({ items, onRevoked }: { items: ApiKeyItem[]; onRevoked: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const formatDay = useDayFormat();
  const [confirming, setConfirming] = useState<ApiKeyItem | null>(null);
  return (
    <>
      <ul className="flex flex-col divide-y divide-border" data-testid="api-keys-list">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="api-key-item"
            data-key-id={item.id}
            className="flex flex-wrap items-start justify-between gap-3 py-3"
          >
            <div className="flex min-w-0 items-start gap-3">
              <Icon name="key" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                  <span data-testid="api-key-item-name">{item.name}</span>
                  <span className="sr-only">
                    {t("apiKeys.prefixLabel", { prefix: item.prefix })}
                  </span>
                  <code
                    dir="ltr"
                    aria-hidden="true"
                    data-testid="api-key-item-prefix"
                    className="rounded bg-surface-muted px-1.5 py-0.5 text-xs text-fg-muted"
                  >
                    {`${item.prefix}…${item.last4}`}
                  </code>
                </p>
                <p className="mt-1 flex flex-wrap gap-1" data-testid="api-key-item-scopes">
                  {item.scopes.map((scope) => (
                    <Badge key={scope} tone="neutral">
                      {t(`apiKeys.scope.${scope}`)}
                    </Badge>
                  ))}
                </p>
                <p className="mt-1 text-sm text-fg-muted">
                  {t("apiKeys.createdOn", { date: formatDate(item.createdAt) })}
                  {" · "}
                  {item.expiresAt === null
                    ? t("apiKeys.noExpiry")
                    : t("apiKeys.expiresOn", { date: formatDay(item.expiresAt) })}
                  {" · "}
                  <span data-testid="api-key-item-last-used">
                    {item.lastUsedAt === null
                      ? t("apiKeys.neverUsed")
                      : t("apiKeys.lastUsed", { date: formatDate(item.lastUsedAt) })}
                  </span>
                </p>
              </div>
            </div>
            <Button
              variant="ghost"
              data-testid="api-key-revoke"
              aria-label={t("apiKeys.revokeLabel", { name: item.name })}
              onClick={() => setConfirming(item)}
            >
              {t("apiKeys.revoke")}
            </Button>
          </li>
        ))}
      </ul>
      <RevokeDialog
        item={confirming}
        onClose={() => setConfirming(null)}
        onRevoked={() => {
          setConfirming(null);
          onRevoked();
        }}
      />
    </>
  );
}

function RevokeDialog({
  item,
  onClose,
  onRevoked,
}: {
  item: ApiKeyItem | null;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const { t } = useTranslation();
  const revoke = useMutation({ mutationFn: settingsApi.revokeApiKey, onSuccess: onRevoked });
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={item === null ? "" : t("apiKeys.revokeTitle", { name: item.name })}
      body={t("apiKeys.revokeBody")}
      error={
        revoke.isError ? (
          <FormAlert testId="api-key-revoke-error">{t("apiKeys.revokeError")}</FormAlert>
        ) : null
      }
      confirmLabel={revoke.isPending ? t("apiKeys.revoking") : t("apiKeys.revokeYes")}
      cancelLabel={t("common.cancel")}
      danger
      pending={revoke.isPending}
      onConfirm={() => {
        if (item !== null) revoke.mutate(item.id);
      }}
      onClose={close}
      testId="api-key-revoke-dialog"
      cancelTestId="api-key-revoke-cancel"
      confirmTestId="api-key-revoke-confirm"
    />
  );
}
